import { expect, test } from 'vitest';
import { UNFOLD_EASINGS, unfoldSettings } from './settings';

test('the spec’s defaults: mask 50 on every device, auto-hide after 5 s when enabled, off by default', () =>
  expect(unfoldSettings.parse({ html: '<p>x</p>' })).toMatchObject({
    maskHeight: { desktop: 50, tablet: 50, mobile: 50 },
    autoHide: false,
    autoHideTime: 5,
    hideOutsideClick: false,
    foldScrolling: false,
    unfoldDuration: 500,
    foldDuration: 300,
    unfoldEasing: 'easeOutBack',
    foldEasing: 'easeOutSine',
    unfoldText: 'Selengkapnya',
    foldText: 'Tutup',
  }));

test('a device left out keeps its default', () =>
  expect(unfoldSettings.parse({ html: '<p>x</p>', maskHeight: { mobile: 120 } }).maskHeight).toEqual({
    desktop: 50,
    tablet: 50,
    mobile: 120,
  }));

test.each([
  ['no text', { html: '' }],
  ['a negative mask', { maskHeight: { tablet: -1 } }],
  ['a mask past 2000 px', { maskHeight: { desktop: 2001 } }],
  ['an auto-hide time of 0', { autoHideTime: 0 }],
  ['an auto-hide time past 10 minutes', { autoHideTime: 601 }],
  ['a duration past 5 s', { foldDuration: 5001 }],
  ['an unknown easing', { unfoldEasing: 'bounce' }],
])('refuses %s', (_, extra) => expect(unfoldSettings.safeParse({ html: '<p>x</p>', ...extra }).success).toBe(false));

test('every easing is a CSS timing function', () => {
  for (const css of Object.values(UNFOLD_EASINGS)) expect(css).toMatch(/^(linear|cubic-bezier\([-\d., ]+\))$/);
});
