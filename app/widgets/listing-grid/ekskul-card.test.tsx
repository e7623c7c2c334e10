import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { EkskulCard, type EkskulItem, formatFee, formatMeetingTime, formatPlace } from './ekskul-card';

test.each([
  [13, '13.00'],
  [15.5, '15.30'],
  [1530, '15.30'],
  [8, '08.00'],
  ['Sore', 'Sore'],
  [25, null],
  [-1, null],
  [null, null],
])('meeting time %s → %s', (time, text) => expect(formatMeetingTime(time)).toBe(text));

test('fees: free, rupiah with dots, nothing for junk', () => {
  expect(formatFee(0)).toBe('Gratis');
  expect(formatFee(50000)?.replace(/\s/g, ' ')).toBe('Rp 50.000');
  expect(formatFee(-5)).toBeNull();
  expect(formatFee(null)).toBeNull();
});

test('venue slugs read as words', () => {
  expect(formatPlace('studio-musik')).toBe('Studio musik');
  expect(formatPlace('')).toBeNull();
});

const item: EkskulItem = {
  post: {
    id: 7,
    type: 'ekskul',
    slug: 'futsal-putra',
    url: '/ekskul/futsal-putra/',
    title: 'Futsal <Putra> & "Putri"',
    excerpt: '',
    publishedAt: '2025-07-21T01:00:00.000Z',
    categories: [],
    image: null,
  },
  activity: 'Futsal',
  field: 'Olahraga',
  day: 'Selasa',
  time: 15,
  fee: 25000,
  rating: 4.5,
  place: 'lapangan',
};

test('the card shows title, activity, schedule, venue, fee and rating, escaped', () => {
  const html = renderToStaticMarkup(<EkskulCard item={item} />);
  expect(html).toContain('data-post-id="7"');
  expect(html).toContain('<a href="/ekskul/futsal-putra/">Futsal &lt;Putra&gt; &amp; &quot;Putri&quot;</a>');
  expect(html).toContain('Olahraga · </span>Futsal');
  expect(html).toContain('<dd>Selasa, 15.00 WIB</dd>');
  expect(html).toContain('<dd>Lapangan</dd>');
  expect(html.replace(/\s/g, ' ')).toContain('<dd>Rp 25.000</dd>');
  expect(html).toMatch(/4,5<span class="visually-hidden"> dari 5<\/span>/);
});

test('facts the activity lacks are left out', () => {
  const html = renderToStaticMarkup(
    <EkskulCard item={{ ...item, day: null, time: null, fee: null, rating: null, place: null, activity: null }} />,
  );
  expect(html).not.toContain('<dt>');
  expect(html).not.toContain('ekskul-card__activity');
});
