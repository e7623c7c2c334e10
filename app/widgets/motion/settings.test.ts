import { expect, test } from 'vitest';
import { columnSettings, parallaxSettings, particlesSettings, sectionSettings } from '~/content/tree';
import { parseStoredSettings } from '~/lib/link-setting';

// spec filters-and-widgets.md §3 "Sticky column: stickyOn, topSpacing, bottomSpacing", §9 "Sticky column
// default spacing: 50 top and bottom".
test('a column is not sticky by default; a sticky one keeps 50 px top and bottom on computers and tablets', () => {
  const column = columnSettings.parse({});
  expect(column).toMatchObject({ sticky: false, stickyOn: ['desktop', 'tablet'], topSpacing: 50, bottomSpacing: 50 });
  expect(column.parallax).toBeUndefined();
  expect(columnSettings.parse({ sticky: true, topSpacing: 0, bottomSpacing: 400 })).toMatchObject({
    topSpacing: 0,
    bottomSpacing: 400,
  });
});

test.each([
  [{ topSpacing: -1 }],
  [{ bottomSpacing: 401 }],
  [{ topSpacing: 10.5 }],
  [{ stickyOn: ['watch'] }],
  [{ stickyOn: 'desktop' }],
])('a column refuses %j', (settings) => {
  expect(columnSettings.safeParse(settings).success).toBe(false);
});

test('a sticky section sticks on every device unless told otherwise (the page builder’s default)', () => {
  expect(sectionSettings.parse({ sticky: true })).toMatchObject({
    sticky: true,
    stickyOn: ['desktop', 'tablet', 'mobile'],
  });
  expect(sectionSettings.parse({ sticky: true, stickyOn: [] }).stickyOn).toEqual([]);
});

// spec §3 "Widget effects: parallax speed, invert, devices"; §9 "Parallax: exponent 0.85, speed size x 0.01".
test('parallax: speed 50 % by default, 1 to 100, not inverted, on computers and tablets', () => {
  expect(parallaxSettings.parse({})).toEqual({ speed: 50, invert: false, devices: ['desktop', 'tablet'] });
  expect(parallaxSettings.parse({ speed: 1 }).speed).toBe(1);
  expect(parallaxSettings.parse({ speed: 100 }).speed).toBe(100);
  for (const speed of [0, 101, 12.5]) expect(parallaxSettings.safeParse({ speed }).success).toBe(false);
});

// spec §3 "Section: particles flag and particles configuration"; issue 22: off on phones by default.
test('particles: a small, checked set of options with defaults, off on phones unless asked', () => {
  expect(particlesSettings.parse({})).toEqual({
    count: 60,
    color: '#ffffff',
    speed: 1,
    links: true,
    shape: 'circle',
    onPhones: false,
  });
  expect(sectionSettings.parse({}).particles).toBeUndefined();
});

test.each([
  [{ count: 9 }],
  [{ count: 151 }],
  [{ count: 20.5 }],
  [{ speed: 0.1 }],
  [{ speed: 6 }],
  [{ color: 'red' }],
  [{ color: '#fff' }],
  [{ color: '#ffffff;background:url(x)' }],
  [{ shape: 'image' }],
  [{ shape: 'emoji' }],
])('particles refuse %j', (settings) => {
  expect(particlesSettings.safeParse(settings).success).toBe(false);
});

test('the library’s other options never pass through: unknown keys are dropped', () => {
  const parsed = particlesSettings.parse({ count: 30, interactivity: { events: { onClick: { enable: true } } } });
  expect(parsed).not.toHaveProperty('interactivity');
});

// issue 22 "Bad input": a stored page with a setting out of range is read with that setting's default
// (lib/link-setting.ts: a refused item of a list is dropped, the rest kept).
test('a stored section or column out of range is read with the defaults of what was refused', () => {
  const section = parseStoredSettings(sectionSettings, {
    sticky: true,
    stickyOn: ['desktop', 'phone'],
    particles: { count: 5000, color: '#0b5d3b' },
  });
  expect(section.success && section.data).toMatchObject({
    sticky: true,
    stickyOn: ['desktop'],
    particles: { count: 60, color: '#0b5d3b' },
  });
  const column = parseStoredSettings(columnSettings, { sticky: true, topSpacing: 9999, parallax: { speed: -3 } });
  expect(column.success && column.data).toMatchObject({ topSpacing: 50, bottomSpacing: 50, parallax: { speed: 50 } });
});
