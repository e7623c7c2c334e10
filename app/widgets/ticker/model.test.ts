import { describe, expect, test } from 'vitest';
import { TYPING_STEP_MS, typingDuration, typingSteps } from './model';

describe('typingSteps (spec 001 §9: 40 ms a character)', () => {
  test('one more character each step, ending with the whole title', () => {
    expect(typingSteps('Rapat')).toEqual(['R', 'Ra', 'Rap', 'Rapa', 'Rapat']);
  });
  test('a character as the reader sees it is one step (accents, emoji)', () => {
    expect(typingSteps('Ça 🇮🇩!')).toEqual(['Ç', 'Ça', 'Ça ', 'Ça 🇮🇩', 'Ça 🇮🇩!']);
    expect(typingSteps('e\u0301')).toEqual(['e\u0301']);
  });
  test('an empty title has no step', () => expect(typingSteps('')).toEqual([]));
  test('the step is 40 ms, the duration a step per character', () => {
    expect(TYPING_STEP_MS).toBe(40);
    expect(typingDuration('Juara 1 Futsal')).toBe(14 * 40);
  });
});
