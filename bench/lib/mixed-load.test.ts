import { expect, test } from 'vitest';
import { type SiteInputs, visitSteps } from './mixed-load';

const SITE: SiteInputs = {
  newsPosts: ['/berita-satu/', '/berita-dua/'],
  newsPages: 4,
  ecsSettings: { widget_id: 'abc' },
  activities: [{ path: '/ekskul/futsal/', sourceId: 78, reviewIds: [199, 200] }],
  fieldIds: ['12', '13'],
};

const visit = () => ({
  address: { 'x-forwarded-for': '10.0.0.1' },
  guest: 'guest_test1',
  activity: SITE.activities[0] as SiteInputs['activities'][number],
});

test('a visit is 21 requests, 3 of them writes, pages first and last', () => {
  const kinds = visitSteps(SITE).map((s) => s.kind);
  expect(kinds).toHaveLength(21);
  expect(kinds.filter((k) => k === 'like' || k === 'review')).toHaveLength(3);
  expect([kinds[0], kinds.at(-1)]).toEqual(['page', 'page']);
  // The nonce is asked for before the first write, as the client does.
  expect(kinds.indexOf('nonce')).toBeLessThan(kinds.indexOf('like'));
});

test("the nonce step keeps the answer for the visit's writes, which name its guest", () => {
  const steps = visitSteps(SITE);
  const v = visit();
  const nonce = steps.find((s) => s.kind === 'nonce');
  expect(nonce?.check?.('<html>', v)).toMatch(/not a nonce/);
  expect(nonce?.check?.('466eca12367f6b075154\n', v)).toBeUndefined();
  const like = steps.find((s) => s.kind === 'like')?.request(v);
  expect(like?.headers?.['x-wp-nonce']).toBe('466eca12367f6b075154');
  expect(JSON.parse(like?.body ?? '{}')).toEqual({ review_id: 199, type: 'like', author_id: 'guest_test1' });
  const review = steps.find((s) => s.kind === 'review');
  expect(JSON.parse(review?.request(v).body ?? '{}')).toMatchObject({ source_id: 78, author_id: 'guest_test1' });
});

test('a write counts only when the site says it stored it', () => {
  const steps = visitSteps(SITE);
  const review = steps.find((s) => s.kind === 'review');
  const like = steps.find((s) => s.kind === 'like');
  expect(review?.check?.('{"success":true,"code":"review-created"}', visit())).toBeUndefined();
  expect(review?.check?.('{"success":false,"code":"already-created"}', visit())).toMatch(/already-created/);
  expect(like?.check?.('{"success":true,"data":{"approval":{"like":true,"dislike":false}}}', visit())).toBeUndefined();
  expect(like?.check?.('{"success":true,"data":{"approval":{"like":false,"dislike":false}}}', visit())).toMatch(
    /answer/,
  );
});
