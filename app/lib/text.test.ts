import { describe, expect, test } from 'vitest';
import { controlCharacterPath, hasControlCharacters } from './text';

describe('control characters in visitor text', () => {
  test.each([
    ['a\u0000b', true],
    ['\u0001', true],
    ['\u001b[31m', true],
    ['\u007f', true],
    ['\u000b', true],
    ['line\nbreak\r\n\ttab', false],
    ['Ulasan yang baik — bagus sekali 👍', false],
    ['', false],
  ])('%j → %s', (text, expected) => expect(hasControlCharacters(text)).toBe(expected));

  test('nested payloads are searched, keys too, and the place is named', () => {
    expect(controlCharacterPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(controlCharacterPath({ 'k\u0000': 'v' })).toBe('"k\\u0000"');
    expect(controlCharacterPath('\u0000')).toBe('(body)');
    expect(controlCharacterPath({ a: [1, true, null, { b: 'fine\n' }] })).toBeNull();
  });
});
