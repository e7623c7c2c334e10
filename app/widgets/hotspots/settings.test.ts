import { expect, test } from 'vitest';
import { hotspotsSettings } from './settings';

const spot = { title: 'Perpustakaan', horizontal: 40, vertical: 60 };

test('the spec’s tooltip defaults: placement top, mouse enter, shift-toward, z-index 999', () =>
  expect(hotspotsSettings.parse({ mediaId: 1, hotspots: [spot] })).toMatchObject({
    tooltipPlacement: 'top',
    tooltipTrigger: 'mouseenter',
    tooltipAnimation: 'shift-toward',
    tooltipZIndex: 999,
    tooltipArrow: true,
    tooltipShowOnInit: false,
    tooltipShowDuration: 500,
    tooltipHideDuration: 300,
    tooltipDelay: 0,
    hotspots: [{ ...spot, description: '' }],
  }));

test.each([
  ['no spots', { hotspots: [] }],
  ['a spot left of the picture', { hotspots: [{ ...spot, horizontal: -1 }] }],
  ['a spot below the picture', { hotspots: [{ ...spot, vertical: 100.5 }] }],
  ['a spot without a title', { hotspots: [{ horizontal: 1, vertical: 1 }] }],
  ['an unknown placement', { tooltipPlacement: 'center' }],
  ['an unknown trigger', { tooltipTrigger: 'dblclick' }],
  ['a negative delay', { tooltipDelay: -5 }],
  ['a script link', { hotspots: [{ ...spot, link: 'javascript:alert(1)' }] }],
])('refuses %s', (_, extra) =>
  expect(hotspotsSettings.safeParse({ mediaId: 1, hotspots: [spot], ...extra }).success).toBe(false),
);

test('the picture’s corners are places too', () =>
  expect(
    hotspotsSettings.safeParse({ mediaId: 1, hotspots: [{ ...spot, horizontal: 0, vertical: 100 }] }).success,
  ).toBe(true));
