import { expect, test } from 'vitest';
import { columnSettings, sectionSettings } from '~/content/tree';
import { columnFrame, sectionFrame } from './frame';

test('a sticky element gets one class per device it sticks on; a flowing one none', () => {
  expect(columnFrame(columnSettings.parse({ sticky: true })).className).toBe(
    'elementor-column motion-sticky-desktop motion-sticky-tablet',
  );
  expect(sectionFrame(sectionSettings.parse({ sticky: true, stickyOn: ['mobile'] }))).toMatchObject({
    className: 'elementor-section section--boxed section-bg--none elementor-sticky motion-sticky-mobile',
    behaviour: 'sticky',
  });
  expect(columnFrame(columnSettings.parse({ stickyOn: ['desktop'], hideOnMobile: true }))).toMatchObject({
    className: 'elementor-column elementor-hidden-mobile',
    behaviour: undefined,
  });
});

test('a column carries its width, and a sticky one its spacing, as custom properties', () => {
  expect(columnFrame(columnSettings.parse({ width: 40, sticky: true, topSpacing: 20 })).style).toEqual({
    '--col-width': '40%',
    '--sticky-top': '20px',
    '--sticky-bottom': '50px',
  });
  expect(columnFrame(columnSettings.parse({})).style).toEqual({ '--col-width': '100%' });
});

test('an effect’s settings travel as JSON; none, no effect', () => {
  const column = columnFrame(columnSettings.parse({ parallax: { speed: 30 } }));
  expect(column.effect?.kind).toBe('parallax');
  expect(JSON.parse(column.effect?.data ?? '')).toEqual({ speed: 30, invert: false, devices: ['desktop', 'tablet'] });
  expect(sectionFrame(sectionSettings.parse({ particles: {} })).effect?.kind).toBe('particles');
  expect(columnFrame(columnSettings.parse({})).effect).toBeUndefined();
});
