import { expect, test } from 'vitest';
import { parseStoredSettings } from '~/lib/link-setting';
import { perPageByDevice } from './model';
import { MAX_COLUMNS, MAX_POSTS_PER_PAGE, MAX_ROWS, smartListingSettings } from './settings';

test('defaults: two columns on desktops and tablets, one on phones, two rows, a featured post, a filter', () => {
  const s = smartListingSettings.parse({});
  expect(s).toEqual({
    title: 'Berita Terbaru',
    columns: 2,
    columnsTablet: 2,
    columnsMobile: 1,
    rows: 2,
    featuredPost: true,
    isArchiveTemplate: false,
    showFilter: true,
    allLabel: 'Semua',
    showExcerpt: false,
  });
  // spec 001 §9: columns × rows, plus 1 with the featured post.
  expect(perPageByDevice(s)).toEqual({ desktop: 5, tablet: 5, mobile: 3 });
});

test('bounds: 1 to 4 columns per device, 1 to 4 rows; the widest page is 4 × 4 + 1 posts', () => {
  expect(MAX_COLUMNS).toBe(4);
  expect(MAX_ROWS).toBe(4);
  expect(MAX_POSTS_PER_PAGE).toBe(17);
  for (const key of ['columns', 'columnsTablet', 'columnsMobile'] as const) {
    expect(smartListingSettings.safeParse({ [key]: 1 }).success, key).toBe(true);
    expect(smartListingSettings.safeParse({ [key]: 4 }).success, key).toBe(true);
    expect(smartListingSettings.safeParse({ [key]: 0 }).success, key).toBe(false);
    expect(smartListingSettings.safeParse({ [key]: 5 }).success, key).toBe(false);
    expect(smartListingSettings.safeParse({ [key]: 1.5 }).success, key).toBe(false);
  }
  expect(smartListingSettings.safeParse({ rows: 0 }).success).toBe(false);
  expect(smartListingSettings.safeParse({ rows: 5 }).success).toBe(false);
  expect(smartListingSettings.safeParse({ allLabel: '' }).success).toBe(false);
  expect(smartListingSettings.safeParse({ title: 'x'.repeat(101) }).success).toBe(false);
  // The widest settings fit the call's bound.
  const widest = smartListingSettings.parse({ columns: 4, columnsTablet: 4, columnsMobile: 4, rows: 4 });
  expect(Math.max(...Object.values(perPageByDevice(widest)))).toBe(MAX_POSTS_PER_PAGE);
});

test('a stored page with a setting out of range shows the listing with that setting’s default', () => {
  const read = parseStoredSettings(smartListingSettings, { columns: 9, rows: 3, featuredPost: 'yes' });
  expect(read.success).toBe(true);
  expect(read.data).toMatchObject({ columns: 2, rows: 3, featuredPost: true });
});
