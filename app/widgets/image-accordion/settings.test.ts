import { expect, test } from 'vitest';
import { imageAccordionSettings } from './settings';

const item = { mediaId: 3, title: 'Perpustakaan' };

test('the spec’s defaults: vertical, active size 50 %, 500 ms, activeItem -1', () => {
  const s = imageAccordionSettings.parse({ items: [item] });
  expect(s).toMatchObject({ orientation: 'vertical', activeSize: 50, duration: 500, activeItem: -1 });
  expect(s.items[0]).toMatchObject({ text: '', linkText: 'Selengkapnya' });
});

test.each([
  ['no items', { items: [] }],
  ['eleven items', { items: Array.from({ length: 11 }, () => item) }],
  ['an unknown orientation', { items: [item], orientation: 'diagonal' }],
  ['an active size of 5 %', { items: [item], activeSize: 5 }],
  ['an active size of 95 %', { items: [item], activeSize: 95 }],
  ['a negative duration', { items: [item], duration: -1 }],
  ['an active item below -1', { items: [item], activeItem: -2 }],
  ['an item without its image', { items: [{ title: 'x' }] }],
  ['an item with a script link', { items: [{ ...item, link: 'javascript:alert(1)' }] }],
])('refuses %s', (_, settings) => expect(imageAccordionSettings.safeParse(settings).success).toBe(false));

test('takes the bounds themselves', () =>
  expect(
    imageAccordionSettings.safeParse({
      items: [item],
      activeSize: 90,
      duration: 0,
      activeItem: 9,
      orientation: 'horizontal',
    }).success,
  ).toBe(true));
