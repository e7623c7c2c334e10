import { expect, test } from './fixtures';
import { FilteredListing, FilterPanel, Filters, optionName, RangeFilter, waitForFilterWidgets } from './pages/filters';
import type { ListedItem, SiteData, TermRow } from './support/site-data';

// Issue 3 "Tests": on the extracurricular listing walk the hierarchical select two levels deep and
// drag the range slider; the indexer rules `hide` (days) and `disable` (grades); a phone-sized page.

/** The /ekskul/ filters (content/filters.yaml). */
const FIELD_FILTER = 31;
const FEE_FILTER = 32;
const DAY_FILTER = 37;
const GRADE_FILTER = 38;

/** What the extracurricular filters should show, computed from the seeded database. */
function ekskulFacts(siteData: SiteData) {
  const items = siteData.listedItems('ekskul');
  const perPage = Number(siteData.listingSettings('ekskul', 'ekskul').postsNum);
  const fieldFilter = siteData.filter(FIELD_FILTER);
  const terms = siteData.terms(fieldFilter.queryVar);
  const fields = terms.filter((t) => t.parentId === null);
  const activitiesOf = (field: TermRow) => terms.filter((t) => t.parentId === field.id);
  /** The items of a field (any of its activities) or of one activity. */
  const inTerm = (term: TermRow, list: ListedItem[] = items) => {
    const ids = [term.id, ...activitiesOf(term).map((t) => t.id)];
    return list.filter((i) => i.termIds.some((t) => ids.includes(t)));
  };
  return {
    items,
    fieldFilter,
    fields,
    activitiesOf,
    inTerm,
    /** The listing's first page of these items (newest first), as item links. */
    firstPage: (list: ListedItem[]) => list.slice(0, perPage).map((i) => `/ekskul/${i.slug}/`),
  };
}

/** The element with the most of something, the first one breaking ties. */
function most<T>(list: T[], size: (x: T) => number): T {
  const best = list.reduce<T | undefined>((b, x) => (b === undefined || size(x) > size(b) ? x : b), undefined);
  if (best === undefined) throw new Error('nothing to choose from');
  return best;
}

test('the hierarchical select narrows to a field, loads its activities, then narrows to one', async ({
  page,
  siteData,
}) => {
  const facts = ekskulFacts(siteData);
  const levels = facts.fieldFilter.settings.levels as Array<{ label: string }>;
  const [fieldLevel, activityLevel] = levels.map((l) => l.label);
  if (!fieldLevel || !activityLevel) throw new Error('the field filter needs two levels');
  const field = most(facts.fields, (f) => facts.activitiesOf(f).length);
  const activities = facts.activitiesOf(field);
  const activity = most(activities, (a) => facts.inTerm(a).length);
  const filters = new Filters(page);
  const listing = new FilteredListing(page);

  await page.goto('/ekskul/');
  await waitForFilterWidgets(page);
  expect(await listing.itemLinks()).toEqual(facts.firstPage(facts.items));
  await filters.expectSelectOptions(
    fieldLevel,
    facts.fields.map((f) => optionName(f.name, facts.inTerm(f).length)),
  );
  // The second level has nothing to offer before a field is chosen.
  await expect(filters.select(activityLevel)).toBeDisabled();

  await filters.select(fieldLevel).selectOption({ label: optionName(field.name, facts.inTerm(field).length) });
  const ofField = facts.inTerm(field);
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(ofField));
  await expect(filters.resultCount).toHaveText(`${ofField.length} hasil ditemukan`);
  // The field's activities arrive from the server after the choice.
  await expect(filters.select(activityLevel)).toBeEnabled();
  await filters.expectSelectOptions(
    activityLevel,
    activities.map((a) => optionName(a.name, facts.inTerm(a).length)),
  );

  await filters.select(activityLevel).selectOption({ label: optionName(activity.name, facts.inTerm(activity).length) });
  const ofActivity = facts.inTerm(activity);
  expect(ofActivity.length).toBeLessThan(ofField.length);
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(ofActivity));
  await expect(filters.resultCount).toHaveText(`${ofActivity.length} hasil ditemukan`);
  await expect(filters.select(fieldLevel)).toHaveValue(String(field.id));
  await expect(filters.select(activityLevel)).toHaveValue(String(activity.id));
  await expect(page).toHaveURL(new RegExp(`${facts.fieldFilter.queryVar}(:|%3A)${activity.id}`));
});

test('dragging the fee slider, then moving its other thumb by keyboard, lists only fees in the range', async ({
  page,
  siteData,
}) => {
  const facts = ekskulFacts(siteData);
  const feeFilter = siteData.filter(FEE_FILTER);
  const { min, max, step } = feeFilter.settings as { min: number; max: number; step: number };
  const fee = (i: ListedItem) => Number(i.meta[feeFilter.queryVar]);
  const within = (lo: number, hi: number) => facts.items.filter((i) => fee(i) >= lo && fee(i) <= hi);
  const filters = new Filters(page);
  const listing = new FilteredListing(page);
  const range = new RangeFilter(page, feeFilter.label);

  await page.goto('/ekskul/');
  await waitForFilterWidgets(page);
  expect(await range.values()).toEqual([min, max]);

  // A third of the way: the dearer activities drop out.
  await range.drag(range.high, 1 / 3);
  await expect.poll(async () => (await range.values())[1]).toBeLessThan(max);
  const [lo, hi] = await range.values();
  expect(lo).toBe(min);
  expect(hi).toBeGreaterThan(min);
  expect((hi - min) % step).toBe(0);
  await expect(range.high).toHaveValue(String(hi));
  const cheaper = within(lo, hi);
  expect(cheaper.length).toBeLessThan(facts.items.length);
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(cheaper));
  await expect(filters.resultCount).toHaveText(`${cheaper.length} hasil ditemukan`);

  // One step up from the lowest fee: the free activities drop out too.
  await range.low.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => range.values()).toEqual([min + step, hi]);
  const paid = within(min + step, hi);
  expect(paid.length).toBeLessThan(cheaper.length);
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(paid));
  await expect(filters.resultCount).toHaveText(`${paid.length} hasil ditemukan`);
});

/**
 * The day and grade filters and a field that leaves some day and some grade without activities (while
 * other days have some), so that choosing it shows both indexer rules at work.
 */
function rulesFacts(siteData: SiteData) {
  const facts = ekskulFacts(siteData);
  const dayFilter = siteData.filter(DAY_FILTER);
  const gradeFilter = siteData.filter(GRADE_FILTER);
  const days = dayFilter.source.options ?? [];
  const grades = siteData.terms(gradeFilter.queryVar);
  const dayCount = (list: ListedItem[], day: string) => list.filter((i) => i.meta[dayFilter.queryVar] === day).length;
  const gradeCount = (list: ListedItem[], grade: TermRow) => list.filter((i) => i.termIds.includes(grade.id)).length;
  const field = facts.fields.find((f) => {
    const list = facts.inTerm(f);
    const dayCounts = days.map((d) => dayCount(list, d.value));
    const gradeCounts = grades.map((g) => gradeCount(list, g));
    return dayCounts.includes(0) && dayCounts.some((n) => n > 0) && gradeCounts.includes(0);
  });
  if (!field) throw new Error('no field leaves both a day and a grade empty: the seed no longer shows the rules');
  const fieldLevel = (facts.fieldFilter.settings.levels as Array<{ label: string }>)[0]?.label ?? '';
  return { ...facts, dayFilter, gradeFilter, days, grades, dayCount, gradeCount, field, fieldLevel };
}

test('days without activities under the chosen field are hidden (indexer rule hide)', async ({ page, siteData }) => {
  const facts = rulesFacts(siteData);
  const { dayFilter, field } = facts;
  const ofField = facts.inTerm(field);
  const filters = new Filters(page);
  const listing = new FilteredListing(page);

  await page.goto('/ekskul/');
  await waitForFilterWidgets(page);
  for (const d of facts.days) {
    const n = facts.dayCount(facts.items, d.value);
    if (n > 0) await expect(filters.checkbox(dayFilter.label, d.label)).toHaveAccessibleName(optionName(d.label, n));
  }

  await filters.select(facts.fieldLevel).selectOption({ label: optionName(field.name, ofField.length) });
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(ofField));
  for (const d of facts.days) {
    const n = facts.dayCount(ofField, d.value);
    const box = filters.checkbox(dayFilter.label, d.label);
    if (n === 0) await expect(box, `${d.label} has no activity of ${field.name}: hidden`).toBeHidden();
    else await expect(box).toHaveAccessibleName(optionName(d.label, n));
  }
});

test('grades without activities under the chosen field are disabled (indexer rule disable)', async ({
  page,
  siteData,
}) => {
  const facts = rulesFacts(siteData);
  const { gradeFilter, field } = facts;
  const ofField = facts.inTerm(field);
  const filters = new Filters(page);
  const listing = new FilteredListing(page);

  await page.goto('/ekskul/');
  await waitForFilterWidgets(page);
  for (const g of facts.grades) await expect(filters.checkbox(gradeFilter.label, g.name)).toBeEnabled();

  await filters.select(facts.fieldLevel).selectOption({ label: optionName(field.name, ofField.length) });
  await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(ofField));
  for (const g of facts.grades) {
    const n = facts.gradeCount(ofField, g);
    const box = filters.checkbox(gradeFilter.label, g.name);
    await expect(box).toBeVisible();
    await expect(box).toHaveAccessibleName(optionName(g.name, n));
    if (n === 0) await expect(box, `${g.name} has no activity of ${field.name}: disabled`).toBeDisabled();
    else await expect(box).toBeEnabled();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a day ticked by touch narrows the listing to that day', async ({ page, siteData }) => {
    const facts = ekskulFacts(siteData);
    const dayFilter = siteData.filter(DAY_FILTER);
    const onDay = (day: string) => facts.items.filter((i) => i.meta[dayFilter.queryVar] === day);
    const day = (dayFilter.source.options ?? []).find((d) => onDay(d.value).length > 0);
    if (!day) throw new Error('no day has an activity');
    const filters = new Filters(page);
    const listing = new FilteredListing(page);

    await page.goto('/ekskul/');
    await waitForFilterWidgets(page);
    // Below 768 px the filters fold behind the "Filter" control (issue 13).
    await new FilterPanel(page).openByTap();
    const box = filters.checkbox(dayFilter.label, day.label);
    await box.tap();
    await expect(box).toBeChecked();
    await expect.poll(() => listing.itemLinks()).toEqual(facts.firstPage(onDay(day.value)));
    await expect(filters.resultCount).toHaveText(`${onDay(day.value).length} hasil ditemukan`);
  });
});
