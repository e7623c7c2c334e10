import { expect, test } from 'vitest';
import { parseSiteOptions, SITE_OPTIONS } from './options';

test('missing or malformed options fall back, valid ones are read', () => {
  const options = parseSiteOptions(
    new Map([
      [SITE_OPTIONS.postsPerPage.name, '12'],
      [SITE_OPTIONS.pageOnFront.name, '"seven"'],
      [SITE_OPTIONS.filtersUrlType.name, '"permalink"'],
      [SITE_OPTIONS.reviewsCaptcha.name, 'not json'],
      [SITE_OPTIONS.site.name, '{"title":"SMP Contoh"}'],
    ]),
  );
  expect(options).toMatchObject({
    postsPerPage: 12,
    pageOnFront: null,
    filtersUrlType: 'permalink',
    reviewsCaptcha: false,
    site: { title: 'SMP Contoh', language: 'id' },
  });
  expect(parseSiteOptions(new Map()).site.title).toBe('SMP Tunas Bangsa');
  expect(parseSiteOptions(new Map([[SITE_OPTIONS.postsPerPage.name, '0']])).postsPerPage).toBe(10);
});

test("the header search's settings: defaults filled in, a custom width bounded, anything malformed the defaults", () => {
  const read = (value: string) => parseSiteOptions(new Map([[SITE_OPTIONS.headerSearch.name, value]])).headerSearch;
  const defaults = { submitOnEnter: true, categories: [], resultsWidth: 420, resultsPosition: 'right' };
  expect(read('{}')).toEqual(defaults);
  expect(read('{"submitOnEnter":false,"categories":[3,7],"resultsWidth":null,"resultsPosition":"left"}')).toEqual({
    submitOnEnter: false,
    categories: [3, 7],
    resultsWidth: null,
    resultsPosition: 'left',
  });
  expect(read('{"resultsWidth":50000}')).toEqual(defaults);
  expect(read('{"categories":["<b>"]}')).toEqual(defaults);
});
