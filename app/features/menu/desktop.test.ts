import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  closeFrom,
  DESKTOP_CONSTANTS,
  DESKTOP_DEFAULTS,
  fitCount,
  focusStep,
  hasSlowedDown,
  hoverIntent,
  keepOpenWithin,
  linkClickOpens,
  megaPlacement,
  openAt,
  openSide,
  toggleAt,
} from './desktop';
import { MENU_CONSTANTS } from './model';
import { desktopMenuSettings } from './settings';

test("the browser's copies equal settings.ts's defaults and model.ts's MENU_CONSTANTS", () => {
  expect(DESKTOP_DEFAULTS).toEqual(desktopMenuSettings.parse({}));
  const { mouseLeaveDelayMs, resizeDebounceMs, hoverIntent, mobileMenuBreakpoint, overflowLabel } = MENU_CONSTANTS;
  expect(DESKTOP_CONSTANTS).toEqual({
    mouseLeaveDelayMs,
    resizeDebounceMs,
    hoverIntent,
    mobileMenuBreakpoint,
    overflowLabel,
  });
});

describe('fitCount: the top-level items that stay in the row', () => {
  // Five items of 100 px with 4 px gaps need 516 px; the '⋯' item is 40 px wide.
  const widths = [100, 100, 100, 100, 100];
  const fitIn = (available: number) => fitCount({ widths, available, overflowWidth: 40, gap: 4 });

  test('all of them when they fit, to the pixel', () => {
    expect(fitIn(516)).toBe(5);
    expect(fitIn(2000)).toBe(5);
  });
  test('half a pixel short still fits (sub-pixel widths)', () => expect(fitIn(515.6)).toBe(5));
  test('one pixel short: the last one moves, and the overflow item must fit beside the rest', () => {
    // Four items (412) + gap (4) + overflow (40) = 456.
    expect(fitIn(515)).toBe(4);
    expect(fitIn(456)).toBe(4);
    expect(fitIn(455)).toBe(3);
  });
  test('none when even the first does not fit beside the overflow item', () => {
    expect(fitIn(143)).toBe(0);
    expect(fitIn(144)).toBe(1);
    expect(fitIn(0)).toBe(0);
  });
  test('items of different widths', () => {
    expect(fitCount({ widths: [91, 77, 85, 71, 144, 85, 110, 78], available: 596, overflowWidth: 40, gap: 4 })).toBe(5);
    expect(fitCount({ widths: [91, 77, 85, 71, 144, 85, 110, 78], available: 441, overflowWidth: 40, gap: 4 })).toBe(4);
  });
  test('no items', () => expect(fitCount({ widths: [], available: 0, overflowWidth: 40, gap: 4 })).toBe(0));
});

describe('openSide: submenus flip when they would overflow the window', () => {
  const viewportWidth = 1280;
  test('a top-level dropdown extends right from its item, and aligns to its right edge near the window edge', () => {
    expect(openSide({ itemLeft: 500, itemRight: 580, width: 220, viewportWidth, nested: false })).toBe('right');
    expect(openSide({ itemLeft: 1060, itemRight: 1100, width: 220, viewportWidth, nested: false })).toBe('right');
    expect(openSide({ itemLeft: 1061, itemRight: 1100, width: 220, viewportWidth, nested: false })).toBe('left');
  });
  test('a nested submenu opens right of its item, left when the right side would overflow', () => {
    expect(openSide({ itemLeft: 800, itemRight: 1020, width: 220, viewportWidth, nested: true })).toBe('right');
    expect(openSide({ itemLeft: 900, itemRight: 1120, width: 220, viewportWidth, nested: true })).toBe('left');
  });
  test('below a flipped submenu the next one keeps opening left while it fits there', () => {
    expect(
      openSide({ itemLeft: 600, itemRight: 820, width: 220, viewportWidth, nested: true, preferred: 'left' }),
    ).toBe('left');
    expect(
      openSide({ itemLeft: 100, itemRight: 320, width: 220, viewportWidth, nested: true, preferred: 'left' }),
    ).toBe('right');
  });
  test('when neither side fits, the side that hides less', () => {
    expect(openSide({ itemLeft: 100, itemRight: 300, width: 1200, viewportWidth, nested: true })).toBe('right');
    expect(openSide({ itemLeft: 1000, itemRight: 1200, width: 1200, viewportWidth, nested: true })).toBe('left');
  });
});

describe('hover intent (interval 100 ms, sensitivity 6)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An item's hover intent, the pointer just come in at `at`. */
  function entered(at: { x: number; y: number }) {
    const open = vi.fn();
    const intent = hoverIntent(open);
    intent.enter(at);
    return { open, intent };
  }

  test('the velocity check: less than 6 px in one interval', () => {
    expect(hasSlowedDown({ x: 0, y: 0 }, { x: 3, y: 4 }, 6)).toBe(true);
    expect(hasSlowedDown({ x: 0, y: 0 }, { x: 6, y: 0 }, 6)).toBe(false);
  });

  test('a pointer that rests opens the item after one interval', () => {
    const { open, intent } = entered({ x: 10, y: 10 });
    vi.advanceTimersByTime(99);
    expect(open).not.toHaveBeenCalled();
    intent.move({ x: 12, y: 11 });
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(open).toHaveBeenCalledTimes(1);
  });

  test('a pointer that keeps moving fast does not open it until it slows down', () => {
    const { open, intent } = entered({ x: 0, y: 0 });
    for (let i = 1; i <= 5; i++) {
      intent.move({ x: i * 20, y: 0 });
      vi.advanceTimersByTime(100);
    }
    expect(open).not.toHaveBeenCalled();
    intent.move({ x: 103, y: 0 });
    vi.advanceTimersByTime(100);
    expect(open).toHaveBeenCalledTimes(1);
  });

  test('passing over the item: leaving before the check opens nothing', () => {
    const { open, intent } = entered({ x: 0, y: 0 });
    vi.advanceTimersByTime(60);
    intent.leave();
    vi.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('linkClickOpens: an item without a submenu, or one already open, navigates', () => {
  const hover = { subEvent: 'hover', subTrigger: 'item' } as const;
  const click = { subEvent: 'click', subTrigger: 'item' } as const;
  test.each([
    ['click mode, first click', click, true, false, 'mouse', true],
    ['click mode, the item already open', click, true, true, 'mouse', false],
    ['click mode, no submenu', click, false, false, 'mouse', false],
    ['click mode, a tap', click, true, false, 'touch', true],
    ['hover mode, a mouse click (hover opens)', hover, true, false, 'mouse', false],
    ['hover mode, the first tap', hover, true, false, 'touch', true],
    ['hover mode, a pen', hover, true, false, 'pen', true],
    ['hover mode, the second tap', hover, true, true, 'touch', false],
    ['Enter on the link (the arrow button opens)', click, true, false, 'keyboard', false],
    [
      'submarker: only the arrow opens',
      { subEvent: 'click', subTrigger: 'submarker' } as const,
      true,
      false,
      'mouse',
      false,
    ],
  ] as const)('%s', (_name, settings, hasSubmenu, open, source, opens) => {
    expect(linkClickOpens({ hasSubmenu, open, settings, source })).toBe(opens);
  });
});

describe('the open path', () => {
  test('opening an item closes its siblings and keeps its ancestors', () => {
    expect(openAt([], 0, 'a')).toEqual(['a']);
    expect(openAt(['a', 'b'], 0, 'c')).toEqual(['c']);
    expect(openAt(['a', 'b'], 1, 'c')).toEqual(['a', 'c']);
  });
  test('closing an item closes its children', () => {
    expect(closeFrom(['a', 'b', 'c'], 1)).toEqual(['a']);
    const path = ['a'];
    expect(closeFrom(path, 3)).toBe(path);
  });
  test('toggling', () => {
    expect(toggleAt(['a', 'b'], 1, 'b')).toEqual(['a']);
    expect(toggleAt(['a'], 1, 'b')).toEqual(['a', 'b']);
  });
  test('focus moving elsewhere closes the open items it left', () => {
    expect(keepOpenWithin(['berita', 'prestasi'], ['berita', 'kegiatan'])).toEqual(['berita']);
    expect(keepOpenWithin(['berita'], ['galeri'])).toEqual([]);
    expect(keepOpenWithin(['berita', 'prestasi'], ['berita', 'prestasi', 'olimpiade'])).toEqual(['berita', 'prestasi']);
  });
});

describe('focusStep: arrow keys, Home and End', () => {
  test('Down and Up inside a submenu, not wrapping', () => {
    expect(focusStep('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(focusStep('ArrowDown', 2, 3, 'vertical')).toBe(2);
    expect(focusStep('ArrowUp', 0, 3, 'vertical')).toBe(0);
    expect(focusStep('ArrowUp', 2, 3, 'vertical')).toBe(1);
  });
  test('Home and End', () => {
    expect(focusStep('Home', 2, 3, 'vertical')).toBe(0);
    expect(focusStep('End', 0, 3, 'horizontal')).toBe(2);
  });
  test('Left and Right along the top level only', () => {
    expect(focusStep('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(focusStep('ArrowRight', 0, 3, 'vertical')).toBeNull();
    expect(focusStep('ArrowDown', 0, 3, 'horizontal')).toBeNull();
  });
  test('other keys and empty lists', () => {
    expect(focusStep('Tab', 0, 3, 'vertical')).toBeNull();
    expect(focusStep('ArrowDown', 0, 0, 'vertical')).toBeNull();
  });
});

test('megaPlacement: under the header, aligned to the target and as wide', () => {
  const container = { left: 50, top: 0, width: 1180, height: 72 };
  const item = { left: 420, top: 13, width: 80, height: 46 };
  expect(megaPlacement(container, item, 73)).toEqual({ left: -370, top: 60, width: 1180 });
});
