import { expect, test } from './fixtures';
import { dayNumber, FilteredListing, Filters, optionName, schoolDay, writtenDay } from './pages/filters';
import { Gallery } from './pages/gallery';
import { NewsList } from './pages/news-list';
import type { ListedItem, SiteData, TermRow } from './support/site-data';

// Issue 3 "URL state": a filtered address opened directly with JavaScript off renders the filtered
// listing, the checked filters and the right counts; DESIGN.md "Progressive enhancement": a filter
// group is a GET form that works before any JavaScript arrives.

test.use({ javaScriptEnabled: false });

/** Filters of content/filters.yaml read here. */
const GALLERY_CATEGORIES = 11;
const GALLERY_YEAR = 12;
const EKSKUL_FIELD = 31;
const EKSKUL_DAY = 37;
const EKSKUL_GRADE = 38;
const NEWS_DATE_RANGE = 23;

/** The permalink-style address of one taxonomy filter value (original-wire.md §2.6). */
const permalink = (base: string, group: string, taxonomy: string, termId: number) =>
  `${base}jsf/${group}/tax/${taxonomy}:${termId}/`;

function withTerms(items: ListedItem[], ids: number[]) {
  return items.filter((i) => i.termIds.some((t) => ids.includes(t)));
}

/** The /ekskul/ field filter's terms and the items of a field (any of its activities). */
function ekskulFields(siteData: SiteData) {
  const fieldFilter = siteData.filter(EKSKUL_FIELD);
  const terms = siteData.terms(fieldFilter.queryVar);
  const items = siteData.listedItems('ekskul');
  const activitiesOf = (field: TermRow) => terms.filter((t) => t.parentId === field.id);
  const ofField = (field: TermRow) => withTerms(items, [field.id, ...activitiesOf(field).map((a) => a.id)]);
  const perPage = Number(siteData.listingSettings('ekskul', 'ekskul').postsNum);
  const levels = (fieldFilter.settings.levels as Array<{ label: string }>).map((l) => l.label);
  return {
    fieldFilter,
    fields: terms.filter((t) => t.parentId === null),
    items,
    activitiesOf,
    ofField,
    levels,
    firstPage: (list: ListedItem[]) => list.slice(0, perPage).map((i) => `/ekskul/${i.slug}/`),
  };
}

test('a gallery permalink shows the category checked, its items and the counts under it', async ({
  page,
  siteData,
}) => {
  const categoryFilter = siteData.filter(GALLERY_CATEGORIES);
  const yearFilter = siteData.filter(GALLERY_YEAR);
  const categories = siteData.terms(categoryFilter.queryVar);
  const items = siteData.listedItems('galeri');
  const grid = siteData.listingSettings('galeri', 'galeri');
  const cap = (n: number) => Math.min(n, Number(grid.maxPostsNum) || n);
  // The smallest category: the filter visibly leaves most of the gallery out.
  const category = [...categories].sort((a, b) => withTerms(items, [a.id]).length - withTerms(items, [b.id]).length)[0];
  if (!category) throw new Error('the gallery has no activity category');
  const chosen = withTerms(items, [category.id]);
  const years = [...new Set(items.map((i) => Number(i.meta[yearFilter.queryVar])))].sort((a, b) => a - b);
  const filters = new Filters(page);
  const gallery = new Gallery(page);

  const response = await page.goto(permalink('/galeri/', 'jet-engine:galeri', categoryFilter.queryVar, category.id));
  expect(response?.status()).toBe(200);
  expect(await gallery.itemLinks()).toEqual(
    chosen.slice(0, Math.min(Number(grid.postsNum), cap(chosen.length))).map((i) => `/galeri/${i.slug}/`),
  );
  for (const c of categories) {
    const box = filters.checkbox(categoryFilter.label, c.name);
    await expect(box).toHaveAccessibleName(optionName(c.name, cap(withTerms(items, [c.id]).length)));
    if (c.id === category.id) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  await filters.expectSelectOptions(
    yearFilter.label,
    years.map((y) => optionName(String(y), chosen.filter((i) => Number(i.meta[yearFilter.queryVar]) === y).length)),
  );
  await expect(filters.removeAll).toHaveAttribute('href', '/galeri/');
  // The active tags name the choice from the server's HTML.
  await expect(
    page.getByRole('button', { name: `Hapus filter ${categoryFilter.activeLabel}: ${category.name}` }),
  ).toBeVisible();
});

test('an extracurricular permalink selects the field, lists its activities and offers its second level', async ({
  page,
  siteData,
}) => {
  const facts = ekskulFields(siteData);
  const [fieldLevel, activityLevel] = facts.levels;
  if (!fieldLevel || !activityLevel) throw new Error('the field filter needs two levels');
  const field = [...facts.fields].sort((a, b) => facts.ofField(b).length - facts.ofField(a).length)[0];
  if (!field) throw new Error('the extracurricular listing has no field');
  const filters = new Filters(page);
  const listing = new FilteredListing(page);

  const url = permalink('/ekskul/', 'jet-engine:ekskul', facts.fieldFilter.queryVar, field.id);
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(await listing.itemLinks()).toEqual(facts.firstPage(facts.ofField(field)));
  await expect(filters.select(fieldLevel)).toHaveValue(String(field.id));
  await filters.expectSelectOptions(
    fieldLevel,
    facts.fields.map((f) => optionName(f.name, facts.ofField(f).length)),
  );
  // The server renders the second level of the chosen field, ready to choose from.
  await expect(filters.select(activityLevel)).toBeEnabled();
  await filters.expectSelectOptions(
    activityLevel,
    facts.activitiesOf(field).map((a) => optionName(a.name, withTerms(facts.items, [a.id]).length)),
  );
});

test('an extracurricular permalink hides the days (rule hide) and disables the grades (rule disable) it leaves empty', async ({
  page,
  siteData,
}) => {
  const facts = ekskulFields(siteData);
  const dayFilter = siteData.filter(EKSKUL_DAY);
  const gradeFilter = siteData.filter(EKSKUL_GRADE);
  const days = dayFilter.source.options ?? [];
  const grades = siteData.terms(gradeFilter.queryVar);
  const dayCount = (list: ListedItem[], day: string) => list.filter((i) => i.meta[dayFilter.queryVar] === day).length;
  const field = facts.fields.find((f) => {
    const list = facts.ofField(f);
    return days.some((d) => dayCount(list, d.value) === 0) && grades.some((g) => withTerms(list, [g.id]).length === 0);
  });
  if (!field) throw new Error('no field leaves both a day and a grade empty: the seed no longer shows the rules');
  const ofField = facts.ofField(field);
  const filters = new Filters(page);

  await page.goto(permalink('/ekskul/', 'jet-engine:ekskul', facts.fieldFilter.queryVar, field.id));
  for (const g of grades) {
    const n = withTerms(ofField, [g.id]).length;
    const box = filters.checkbox(gradeFilter.label, g.name);
    await expect(box).toHaveAccessibleName(optionName(g.name, n));
    if (n === 0) await expect(box, `${g.name} has no activity of ${field.name}: disabled`).toBeDisabled();
    else await expect(box).toBeEnabled();
  }
  for (const d of days) {
    const n = dayCount(ofField, d.value);
    const box = filters.checkbox(dayFilter.label, d.label);
    if (n === 0) await expect(box, `${d.label} has no activity of ${field.name}: hidden`).toBeHidden();
    else await expect(box).toHaveAccessibleName(optionName(d.label, n));
  }
});

test('the gallery filter form, ticked and submitted without JavaScript, opens the filtered gallery', async ({
  page,
  siteData,
}) => {
  const categoryFilter = siteData.filter(GALLERY_CATEGORIES);
  const items = siteData.listedItems('galeri');
  const grid = siteData.listingSettings('galeri', 'galeri');
  const category = siteData.terms(categoryFilter.queryVar).find((c) => {
    const n = withTerms(items, [c.id]).length;
    return n > 0 && n < items.length;
  });
  if (!category) throw new Error('no activity category holds part of the gallery');
  const chosen = withTerms(items, [category.id]).slice(0, Number(grid.postsNum));
  const filters = new Filters(page);
  const gallery = new Gallery(page);

  await page.goto('/galeri/');
  const box = filters.checkbox(categoryFilter.label, category.name);
  await box.check();
  await filters.submitOf(categoryFilter.label).click();
  await expect(page).toHaveURL(/\/galeri\/\?(.*&)?jet-smart-filters=/);
  await expect(box).toBeChecked();
  expect(await gallery.itemLinks()).toEqual(chosen.map((i) => `/galeri/${i.slug}/`));
});

test('a date range typed and applied without JavaScript lists the posts in it, and its page links keep it', async ({
  page,
  siteData,
}) => {
  const posts = siteData.listedItems('post');
  const perPage = Number(siteData.listingSettings('berita', 'berita').perPage);
  const rangeFilter = siteData.filter(NEWS_DATE_RANGE);
  const format = String(rangeFilter.settings.dateFormat);
  const from = schoolDay(posts[Math.floor(posts.length * 0.75)]!.publishedAt);
  const to = schoolDay(posts[Math.floor(posts.length * 0.15)]!.publishedAt);
  const inRange = posts.filter((p) => {
    const n = dayNumber(schoolDay(p.publishedAt));
    return n >= dayNumber(from) && n <= dayNumber(to);
  });
  if (inRange.length <= perPage) throw new Error(`the range holds one page only (${inRange.length} posts)`);
  const titles = (n: number) => inRange.slice((n - 1) * perPage, n * perPage).map((p) => p.title);
  const filters = new Filters(page);
  const news = new NewsList(page);
  const range = filters.group(rangeFilter.label);

  await page.goto('/berita/');
  await range.getByRole('textbox', { name: 'Dari', exact: true }).fill(writtenDay(format, from));
  await range.getByRole('textbox', { name: 'Sampai', exact: true }).fill(writtenDay(format, to));
  await filters.apply.click();
  await expect(news.titles).toHaveText(titles(1));
  await expect(range.getByRole('textbox', { name: 'Dari', exact: true })).toHaveValue(writtenDay(format, from));
  await expect(range.getByRole('textbox', { name: 'Sampai', exact: true })).toHaveValue(writtenDay(format, to));

  await filters.pageLink('Halaman 2').click();
  await expect(news.titles).toHaveText(titles(2));
  await expect(filters.pageLink('Halaman 2')).toHaveAttribute('aria-current', 'page');
});
