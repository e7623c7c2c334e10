import { describe, expect, test } from 'vitest';
import { deviceOf } from '~/lib/devices';
import { BREAKPOINT_EDGES } from '~/lib/devices.fixtures';
import { needsTrigger } from './model';
import { UNFOLD_EXTRA } from './settings';

describe('needsTrigger (spec §5: content taller than the mask + 20)', () => {
  test.each([
    [71, 50, true],
    [70, 50, false],
    [50, 50, false],
    [10, 50, false],
    [1200, 300, true],
    [320, 300, false],
  ])('content %d px, mask %d px → %s', (content, mask, shown) => expect(needsTrigger(content, mask)).toBe(shown));
  test('the margin is the spec’s 20 pixels', () => expect(UNFOLD_EXTRA).toBe(20));
});

test.each([...BREAKPOINT_EDGES, [1440, 'desktop']])('%d px wide is %s', (width, device) =>
  expect(deviceOf(width)).toBe(device),
);
