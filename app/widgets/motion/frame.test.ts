import { expect, test } from 'vitest';
import { columnSettings, sectionSettings } from '~/content/tree';
import { effectData, stickyClasses, stickySpacing } from './frame';

test('a sticky element gets one class per device it sticks on; a flowing one none', () => {
  expect(stickyClasses(columnSettings.parse({ sticky: true }))).toBe(' motion-sticky-desktop motion-sticky-tablet');
  expect(stickyClasses(sectionSettings.parse({ sticky: true, stickyOn: ['mobile'] }))).toBe(' motion-sticky-mobile');
  expect(stickyClasses(columnSettings.parse({ stickyOn: ['desktop'] }))).toBe('');
});

test('a sticky column carries its spacing as custom properties', () => {
  expect(stickySpacing(columnSettings.parse({ sticky: true, topSpacing: 20 }))).toEqual({
    '--sticky-top': '20px',
    '--sticky-bottom': '50px',
  });
  expect(stickySpacing(columnSettings.parse({}))).toEqual({});
});

test('an effect’s settings travel as JSON; none, no attribute', () => {
  const column = columnSettings.parse({ parallax: { speed: 30 } });
  expect(JSON.parse(effectData(column.parallax) ?? '')).toEqual({
    speed: 30,
    invert: false,
    devices: ['desktop', 'tablet'],
  });
  expect(effectData(columnSettings.parse({}).parallax)).toBeNull();
});
