import { expect, test } from 'vitest';
import {
  columnVars,
  emblaDuration,
  GRID_BREAKPOINTS,
  itemClickTarget,
  loadMoreRootMargin,
  parseActionUrl,
  resolveColumns,
} from './model';

test('grid breakpoints are the spec’s (xs 0, sm 480, md 768, lg 1025, xl 1440, xxl 1600)', () => {
  expect(GRID_BREAKPOINTS).toEqual({ xs: 0, sm: 480, md: 768, lg: 1025, xl: 1440, xxl: 1600 });
});

test('columns: mobile, tablet and desktop at xs, md and lg; the others take the next smaller', () => {
  expect(resolveColumns({ columns: 3, columnsTablet: 2, columnsMobile: 1 })).toEqual({
    xs: 1,
    sm: 1,
    md: 2,
    lg: 3,
    xl: 3,
    xxl: 3,
  });
  expect(
    resolveColumns({ columns: 4, columnsTablet: 3, columnsMobile: 1, breakpoints: { sm: 2, xl: 5, xxl: 6 } }),
  ).toEqual({ xs: 1, sm: 2, md: 3, lg: 4, xl: 5, xxl: 6 });
  // A breakpoint overrides the named columns too.
  expect(resolveColumns({ columns: 4, columnsTablet: 3, columnsMobile: 2, breakpoints: { md: 1 } }).md).toBe(1);
});

test('slider: one slide on phones, on tablets two (one when the desktop shows one)', () => {
  expect(resolveColumns({ columns: 3, columnsTablet: 3, columnsMobile: 2 }, true)).toMatchObject({
    xs: 1,
    sm: 1,
    md: 2,
    lg: 3,
  });
  expect(resolveColumns({ columns: 1, columnsTablet: 3, columnsMobile: 2 }, true)).toMatchObject({ md: 1, lg: 1 });
});

test('column variables for the CSS', () => {
  expect(columnVars({ xs: 1, sm: 2, md: 3, lg: 4, xl: 5, xxl: 6 })).toEqual({
    '--cols-xs': 1,
    '--cols-sm': 2,
    '--cols-md': 3,
    '--cols-lg': 4,
    '--cols-xl': 5,
    '--cols-xxl': 6,
  });
});

test('load-more offset: px or % below the window; nothing odd reaches the observer', () => {
  expect(loadMoreRootMargin({ size: 0, unit: 'px' })).toBe('0px 0px 0px 0px');
  expect(loadMoreRootMargin({ size: 300, unit: 'px' })).toBe('0px 0px 300px 0px');
  expect(loadMoreRootMargin({ size: 50, unit: '%' })).toBe('0px 0px 50% 0px');
  expect(loadMoreRootMargin({ size: -5, unit: 'px' })).toBe('0px 0px 0px 0px');
  expect(loadMoreRootMargin({ size: Number.NaN, unit: 'px' })).toBe('0px 0px 0px 0px');
});

test.each([
  [500, 25],
  [100, 20],
  [3000, 60],
  [800, 40],
])('slide speed %d ms → Embla duration %d', (ms, duration) => expect(emblaDuration(ms)).toBe(duration));

test('action links: the marker, an action, the event (click by default) and every pair', () => {
  expect(parseActionUrl('#jet-engine-action&action=open_popup&event=hover&id=15&title=Lomba%20Sains')).toEqual({
    action: 'open_popup',
    event: 'hover',
    settings: { action: 'open_popup', event: 'hover', id: '15', title: 'Lomba Sains' },
  });
  expect(parseActionUrl('#jet-engine-action&action=go')?.event).toBe('click');
  // Ignored without an action (spec 000 §5), or without the marker.
  expect(parseActionUrl('#jet-engine-action&event=click&id=3')).toBeNull();
  expect(parseActionUrl('#jet-engine-action&action=&event=click')).toBeNull();
  expect(parseActionUrl('/berita/#jet-engine-action&action=x')).toBeNull();
  expect(parseActionUrl(null)).toBeNull();
  // A broken escape drops its pair, not the link.
  expect(parseActionUrl('#jet-engine-action&action=go&bad=%E0%A4%A')?.settings).toEqual({ action: 'go' });
});

test('a clickable item opens its address, unless the click was on a control or asked for a new tab', () => {
  expect(itemClickTarget('/galeri/upacara/', { onControl: false, modified: false })).toBe('/galeri/upacara/');
  expect(itemClickTarget('https://example.org/x', { onControl: false, modified: false })).toBe('https://example.org/x');
  expect(itemClickTarget('/galeri/upacara/', { onControl: true, modified: false })).toBeNull();
  expect(itemClickTarget('/galeri/upacara/', { onControl: false, modified: true })).toBeNull();
  // Never script addresses from stored content, nor protocol-relative ones.
  expect(itemClickTarget('javascript:alert(1)', { onControl: false, modified: false })).toBeNull();
  expect(itemClickTarget('//evil.example/', { onControl: false, modified: false })).toBeNull();
  expect(itemClickTarget('', { onControl: false, modified: false })).toBeNull();
});
