/**
 * The ticker's pure rules (spec 001 §4 "Ticker: typing animation per slide", §9 "Ticker typing step").
 * No React, no database: the browser half (ticker.client.ts) reads them.
 */

/** spec 001 §9 "Ticker typing step": one character every 40 ms. */
export const TYPING_STEP_MS = 40;

const graphemes = new Intl.Segmenter('id', { granularity: 'grapheme' });

/**
 * What the title shows at each step of its typing: one more character each step (a character as the
 * reader sees it: an emoji or a letter with its accent is one step, never half of one).
 */
export function typingSteps(title: string): string[] {
  const steps: string[] = [];
  let typed = '';
  for (const { segment } of graphemes.segment(title)) {
    typed += segment;
    steps.push(typed);
  }
  return steps;
}

/** How long a title takes to type (ms). */
export const typingDuration = (title: string, step = TYPING_STEP_MS) => typingSteps(title).length * step;
