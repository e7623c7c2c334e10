import { TypedFastBitSet as Items } from 'typedfastbitset';
import type { TermRef } from '~/content/posts.server';
import type { Db, Dialect } from '~/db';
import { chainTo, hasLevels, type TermTree } from '../../content/terms';
import type { IndexTest } from './query.server';
import { getFilterRecords } from './records.server';
import { ValueColumn } from './value-column';

/**
 * The filter index (issue 24): each server process keeps in memory, for every term of the taxonomies and
 * every value of the meta keys that filters and listings name, the set of posts that have it (bitmaps,
 * `typedfastbitset`: one bit per post id up to the set's highest), and the published posts of each type.
 * Filter states and their counts are then set operations, not SQL.
 *
 * It follows the content change log (`content_change`, written by content/posts-write.server.ts in the
 * same transaction as every write): before each answer the process reads the rows after the last one it
 * applied and reads those posts again, so a count is exact right after a write made by any process, on
 * either database. Until it is built (at start, see `startFilterIndex`) the filters answer from SQL.
 */

/** Up to this many changed posts are read again one batch at a time; more: the index is built anew. */
const REBUILD_AFTER = 5_000;
/** On PostgreSQL a lower id may commit after a higher one: a missing id is looked for this long. */
const GAP_WAIT_MS = 30_000;
/** At most this many missing ids are looked for after one row (a larger jump is a rolled-back bulk write). */
const MAX_GAPS = 1_000;

/** What the index keeps by name: a taxonomy's terms, a meta key's values. */
type Part = 'taxonomy' | 'meta';

interface MetaColumn {
  /** Rows with a text value, by the text. */
  text: Map<string, Items>;
  /** Rows with a number and no text, by the number (their value is the number). */
  number: Map<number, Items>;
  /** Rows with both: counted by their text, found by their number too. */
  numberWithText: Map<number, Items>;
  /** Each post's values as counted (its text, else its number). */
  values: ValueColumn<string>;
  /** The distinct numbers of both number maps, ascending; null until asked for after a change. */
  sorted: number[] | null;
}

/** How big the index is and how long it took to build: the bench reads it from the server's log. */
export interface FilterIndexFigures {
  posts: number;
  sets: number;
  bytes: number;
  buildMs: number;
}

const setIn = <K>(map: Map<K, Items>, key: K): Items => {
  let set = map.get(key);
  if (!set) {
    set = new Items();
    map.set(key, set);
  }
  return set;
};

/** The union of the sets (a new set; none: empty). */
function unionOf(sets: Iterable<Items | undefined>): Items {
  let out: Items | null = null;
  for (const s of sets) {
    if (!s) continue;
    out = out ? out.union(s) : s.clone();
  }
  return out ?? new Items();
}

export class FilterIndex {
  private readonly typeOf = new Map<number, string>();
  /** Published posts' publishing time (ISO text, compared as text: the listings' order on both databases). */
  private readonly publishedAt = new Map<number, string>();
  /** Published posts newest first, the later id first on the same time: the listings' default order. */
  private newest: number[] = [];
  /** Published posts by type. */
  private readonly published = new Map<string, Items>();
  /** Posts by term, for the kept taxonomies' terms. */
  private readonly terms = new Map<number, Items>();
  /** Each post's terms, by taxonomy (the counts read them). */
  private readonly termsOf = new Map<string, ValueColumn<number>>();
  private readonly meta = new Map<string, MetaColumn>();
  private lastSeen = 0;
  /** Ids below `lastSeen` not seen yet (PostgreSQL), with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  /** The catch-up running, and the one that waits for it (shared by every request that arrives meanwhile). */
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  figures: FilterIndexFigures = { posts: 0, sets: 0, bytes: 0, buildMs: 0 };
  /**
   * Grows once the index has changed (after, never before: counts made while a catch-up is half applied
   * stay with the version before it). What was counted at one version holds until the next.
   */
  version = 0;

  /** What is kept: the taxonomies and meta keys that filters and listings named. */
  private readonly kept: Record<Part, Set<string>>;
  /** Taxonomies and meta keys asked for since the build (a new filter): read in by the next catch-up. */
  private readonly wanted: Record<Part, Set<string>> = { taxonomy: new Set(), meta: new Set() };

  private constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    kept: { taxonomies: Iterable<string>; metaKeys: Iterable<string> },
  ) {
    this.kept = { taxonomy: new Set(kept.taxonomies), meta: new Set(kept.metaKeys) };
  }

  /** Reads every post, the kept taxonomies' terms and the kept meta keys' rows. */
  static async build(
    db: Db,
    dialect: Dialect,
    kept: { taxonomies: Iterable<string>; metaKeys: Iterable<string> },
  ): Promise<FilterIndex> {
    const started = performance.now();
    const index = new FilterIndex(db, dialect, kept);
    await index.rebuild();
    index.figures = { ...index.measure(), buildMs: Math.round(performance.now() - started) };
    return index;
  }

  private async rebuild(): Promise<void> {
    const { db } = this;
    // The log's place first: a write after it is applied again by the next catch-up.
    const last = await db
      .selectFrom('content_change')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const [posts, postTerms, meta] = await Promise.all([
      db.selectFrom('post').select(['id', 'type', 'status', 'published_at']).execute(),
      this.readTerms([...this.kept.taxonomy]),
      this.readMeta([...this.kept.meta]),
    ]);
    this.typeOf.clear();
    this.publishedAt.clear();
    this.newest = [];
    this.published.clear();
    this.terms.clear();
    this.termsOf.clear();
    this.meta.clear();
    for (const p of posts) this.addPost(p, false);
    this.sortNewest();
    for (const pt of postTerms) this.addTerm(pt);
    for (const key of this.kept.meta) this.meta.set(key, emptyColumn());
    for (const m of meta) this.addMeta(m);
    // On PostgreSQL, rows just below the last one may still commit: they are read again once.
    const lastId = Number(last?.id ?? 0);
    this.lastSeen = this.dialect === 'postgres' ? Math.max(0, lastId - 100) : lastId;
    this.gaps.clear();
    this.version++;
  }

  /** The posts' terms of the taxonomies (of every post when no ids are given). */
  private readTerms(taxonomies: readonly string[], postIds?: readonly number[]) {
    if (taxonomies.length === 0) return Promise.resolve([]);
    let q = this.db
      .selectFrom('post_term')
      .innerJoin('term', 'term.id', 'post_term.term_id')
      .select(['post_term.post_id', 'post_term.term_id', 'term.taxonomy'])
      .where('term.taxonomy', 'in', [...taxonomies]);
    if (postIds) q = q.where('post_term.post_id', 'in', [...postIds]);
    return q.execute();
  }

  /** The posts' rows of the meta keys (of every post when no ids are given). */
  private readMeta(keys: readonly string[], postIds?: readonly number[]) {
    if (keys.length === 0) return Promise.resolve([]);
    let q = this.db
      .selectFrom('post_meta')
      .select(['post_id', 'meta_key', 'value_text', 'value_number'])
      .where('meta_key', 'in', [...keys]);
    if (postIds) q = q.where('post_id', 'in', [...postIds]);
    return q.execute();
  }

  /** `inOrder`: placed in the newest-first order now (a few posts), else `sortNewest` follows (many). */
  private addPost(p: { id: number; type: string; status: string; published_at: string }, inOrder: boolean) {
    this.typeOf.set(p.id, p.type);
    if (p.status !== 'publish') return;
    setIn(this.published, p.type).add(p.id);
    this.publishedAt.set(p.id, p.published_at);
    if (inOrder) this.newest.splice(this.placeOf(p.id), 0, p.id);
  }

  /** Negative when post a comes before post b in the newest-first order. */
  private compareNewest(a: number, b: number): number {
    const at = this.publishedAt.get(a) as string;
    const bt = this.publishedAt.get(b) as string;
    return at < bt ? 1 : at > bt ? -1 : b - a;
  }

  /** Where a published post goes in (or is found in) the newest-first order. */
  private placeOf(id: number): number {
    let lo = 0;
    let hi = this.newest.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareNewest(this.newest[mid] as number, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private sortNewest() {
    // On the pairs themselves: two Map look-ups per comparison cost more than the sort.
    const pairs = [...this.publishedAt].sort(([a, at], [b, bt]) => (at < bt ? 1 : at > bt ? -1 : b - a));
    this.newest = pairs.map(([id]) => id);
  }

  private addTerm(pt: { post_id: number; term_id: number; taxonomy: string }) {
    setIn(this.terms, pt.term_id).add(pt.post_id);
    let column = this.termsOf.get(pt.taxonomy);
    if (!column) {
      column = new ValueColumn();
      this.termsOf.set(pt.taxonomy, column);
    }
    column.add(pt.post_id, pt.term_id);
  }

  private addMeta(m: { post_id: number; meta_key: string; value_text: string | null; value_number: unknown }) {
    const column = this.meta.get(m.meta_key);
    if (!column) return;
    const n = m.value_number === null ? null : Number(m.value_number);
    if (m.value_text !== null) setIn(column.text, m.value_text).add(m.post_id);
    if (n !== null) setIn(m.value_text !== null ? column.numberWithText : column.number, n).add(m.post_id);
    const value = m.value_text ?? (n === null ? null : String(n));
    if (value !== null) column.values.add(m.post_id, value);
    column.sorted = null;
  }

  /** Takes a post out of every set (before it is read again, or when it is gone). */
  private removePost(id: number, inOrder: boolean) {
    const type = this.typeOf.get(id);
    if (type === undefined) return;
    this.typeOf.delete(id);
    if (this.publishedAt.has(id)) {
      if (inOrder) {
        const at = this.placeOf(id);
        if (this.newest[at] === id) this.newest.splice(at, 1);
      }
      this.publishedAt.delete(id);
    }
    this.published.get(type)?.remove(id);
    for (const set of this.terms.values()) set.remove(id);
    for (const column of this.termsOf.values()) column.remove(id);
    for (const column of this.meta.values()) {
      for (const map of [column.text, column.number, column.numberWithText])
        for (const set of map.values()) set.remove(id);
      column.values.remove(id);
      column.sorted = null;
    }
  }

  /**
   * Applies the change log rows written since the last catch-up. A request calls it before it reads the
   * index; one that arrives while a catch-up runs waits for the next one, which starts after it and so
   * sees every write that was committed when the request came.
   */
  catchUp(): Promise<void> {
    if (!this.running) {
      this.running = this.applyChanges().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // After the running one, whether it failed or not (a failure is that request's, not the next one's).
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.catchUp();
      });
    return this.next;
  }

  private async applyChanges(): Promise<void> {
    const { db } = this;
    if (this.wanted.taxonomy.size + this.wanted.meta.size > 0) await this.readWanted();
    const gaps = [...this.gaps.keys()];
    const rows = await db
      .selectFrom('content_change')
      .select(['id', 'post_id'])
      .where((eb) =>
        gaps.length > 0 ? eb.or([eb('id', '>', this.lastSeen), eb('id', 'in', gaps)]) : eb('id', '>', this.lastSeen),
      )
      .orderBy('id')
      .execute();
    // The place in the log moves only once the posts are read again: a failed read is tried again next time.
    const posts = new Set<number>();
    const found: number[] = [];
    const missed: number[] = [];
    let last = this.lastSeen;
    for (const row of rows) {
      posts.add(row.post_id);
      found.push(row.id);
      if (row.id <= last) continue;
      // Ids skipped on PostgreSQL may belong to a transaction still running (a rolled-back one never comes).
      if (this.dialect === 'postgres')
        for (let k = Math.max(last + 1, row.id - MAX_GAPS); k < row.id; k++) missed.push(k);
      last = row.id;
    }
    if (posts.size > REBUILD_AFTER) {
      await this.rebuild();
      this.figures = { ...this.measure(), buildMs: this.figures.buildMs };
      return;
    }
    const ids = [...posts];
    for (let i = 0; i < ids.length; i += 500) await this.readPostsAgain(ids.slice(i, i + 500));
    if (ids.length > 0) this.version++;
    const now = Date.now();
    for (const id of missed) this.gaps.set(id, now);
    for (const id of found) this.gaps.delete(id);
    this.lastSeen = last;
    this.forgetOldGaps();
  }

  private forgetOldGaps() {
    const now = Date.now();
    for (const [id, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(id);
  }

  private async readPostsAgain(ids: readonly number[]) {
    const { db } = this;
    const [posts, postTerms, meta] = await Promise.all([
      db
        .selectFrom('post')
        .select(['id', 'type', 'status', 'published_at'])
        .where('id', 'in', [...ids])
        .execute(),
      this.readTerms([...this.kept.taxonomy], ids),
      this.readMeta([...this.kept.meta], ids),
    ]);
    // A few posts move in the order one by one (a binary search each); many, by sorting it again.
    const inOrder = ids.length <= 50;
    for (const id of ids) this.removePost(id, inOrder);
    for (const p of posts) this.addPost(p, inOrder);
    if (!inOrder) this.sortNewest();
    for (const pt of postTerms) this.addTerm(pt);
    for (const m of meta) this.addMeta(m);
  }

  /**
   * The ids of one page of `items` in the listings' default order (newest first): those after `offset`, at
   * most `limit`. A walk down the order that stops at the page, each post tested against the items' bitmap.
   */
  newestPage(items: Items, offset: number, limit: number): number[] {
    const out: number[] = [];
    if (limit <= 0) return out;
    let skip = offset;
    for (const id of this.newest) {
      if (!items.has(id)) continue;
      if (skip > 0) skip--;
      else if (out.push(id) === limit) break;
    }
    return out;
  }

  /** Asks for a taxonomy or a meta key the index does not keep yet: the next catch-up reads it in. */
  want(part: Part, name: string): void {
    if (!this.kept[part].has(name)) this.wanted[part].add(name);
  }

  // Read before the change log in the same catch-up: a write after this read is applied again by it or the next.
  private async readWanted() {
    const taxonomies = [...this.wanted.taxonomy];
    const keys = [...this.wanted.meta];
    const [postTerms, meta] = await Promise.all([this.readTerms(taxonomies), this.readMeta(keys)]);
    for (const name of taxonomies) this.wanted.taxonomy.delete(name);
    for (const key of keys) this.wanted.meta.delete(key);
    for (const name of taxonomies) this.kept.taxonomy.add(name);
    for (const key of keys) {
      this.kept.meta.add(key);
      this.meta.set(key, emptyColumn());
    }
    for (const pt of postTerms) this.addTerm(pt);
    for (const m of meta) this.addMeta(m);
    this.version++;
  }

  /** The listing's items: published posts of the types carrying every base term (a term not found: none). */
  listing(types: readonly string[], terms: readonly TermRef[], trees: ReadonlyMap<string, TermTree>): Items {
    const items = unionOf(types.map((t) => this.published.get(t)));
    for (const ref of terms) {
      const tree = trees.get(ref.taxonomy);
      const term = tree ? [...tree.terms.values()].find((t) => t.slug === ref.slug) : undefined;
      const set = term ? this.terms.get(term.id) : undefined;
      if (!set) return new Items();
      items.intersection(set);
    }
    return items;
  }

  /** What `keep` made, with the version (and the `along`) it was made at. */
  private readonly made = new Map<string, { version: number; along: unknown; value: unknown }>();

  /**
   * A result made from the index (a union of sets, a listing's counts), shared by later requests until the
   * index changes or `along` (say, the term tree it was made with) is another: callers must not change it.
   */
  keep<T>(key: string, make: () => T, along?: unknown): T {
    const known = this.made.get(key);
    if (known && known.version === this.version && known.along === along) return known.value as T;
    // A bound on listings, count jobs and filter values, which staff settings make: far above any real site's.
    if (this.made.size >= 2_000) this.made.clear();
    const value = make();
    this.made.set(key, { version: this.version, along, value });
    return value;
  }

  /**
   * The items a test admits (any type or status: the caller narrows them to its listing). The set may be
   * the index's own or one shared by later requests (a range is a union of dozens of sets): the caller must
   * not change it.
   */
  itemsOf(test: IndexTest): Items {
    if (test.kind === 'none' || test.kind === 'terms-all') return this.admitted(test);
    return this.keep(`items ${JSON.stringify(test)}`, () => this.admitted(test));
  }

  private admitted(test: IndexTest): Items {
    switch (test.kind) {
      case 'none':
        return new Items();
      case 'terms-any':
        return unionOf(test.ids.map((id) => this.terms.get(id)));
      case 'terms-all': {
        const [first, ...rest] = test.ids.map((id) => this.terms.get(id));
        if (!first) return new Items();
        const out = first.clone();
        for (const set of rest) {
          if (!set) return new Items();
          out.intersection(set);
        }
        return out;
      }
      case 'meta-equals': {
        const column = this.meta.get(test.key);
        if (!column) return new Items();
        return unionOf([
          ...test.texts.map((t) => column.text.get(t)),
          ...test.numbers.flatMap((n) => [column.number.get(n), column.numberWithText.get(n)]),
        ]);
      }
      case 'meta-number':
        return unionOf(this.numberSets(test.key, test.ranges));
    }
  }

  /** The sets of the key's numbers within any of the ranges (bounds included; a missing bound is open). */
  private numberSets(key: string, ranges: ReadonlyArray<{ min?: number; max?: number }>): Array<Items | undefined> {
    const column = this.meta.get(key);
    if (!column) return [];
    const within = (n: number) =>
      ranges.some((r) => (r.min === undefined || n >= r.min) && (r.max === undefined || n <= r.max));
    return this.sortedNumbers(column)
      .filter(within)
      .flatMap((n) => [column.number.get(n), column.numberWithText.get(n)]);
  }

  private sortedNumbers(column: MetaColumn): number[] {
    column.sorted ??= [...new Set([...column.number.keys(), ...column.numberWithText.keys()])].sort((a, b) => a - b);
    return column.sorted;
  }

  /**
   * How many of `among` carry each term of the tree; in a tree with levels, a term counts the distinct
   * items of itself and every term below it.
   */
  termCounts(tree: TermTree, among: Among): Map<number, number> {
    const column = this.termsOf.get(tree.taxonomy);
    if (!column) return new Map();
    const above = hasLevels(tree) ? new Map([...tree.terms.keys()].map((id) => [id, chainTo(tree, id)])) : undefined;
    const out = new Map<number, number>();
    for (const [term, n] of column.count(among.set, above)) if (tree.terms.has(term)) out.set(term, n);
    return out;
  }

  /** Counts of `among` by the meta key's values (a row's value is its text, else its number). */
  metaCounts(key: string, among: Among): Map<string, number> {
    return this.meta.get(key)?.values.count(among.set) ?? new Map();
  }

  /** How many of `among` have a number of at least each of 1..stars under the key. */
  ratingCounts(key: string, stars: number, among: Among): Map<number, number> {
    const out = new Map<number, number>();
    for (let s = 1; s <= stars; s++) {
      const n = among.countIn(this.numberSets(key, [{ min: s }]));
      if (n > 0) out.set(s, n);
    }
    return out;
  }

  /** Sets and bytes held (each set's bitmap, as long as its highest post id needs). */
  private measure(): Omit<FilterIndexFigures, 'buildMs'> {
    let sets = 0;
    let bytes = 0;
    const add = (set: Items) => {
      sets++;
      bytes += set.words.byteLength;
    };
    for (const set of this.published.values()) add(set);
    for (const set of this.terms.values()) add(set);
    for (const column of this.meta.values()) {
      for (const map of [column.text, column.number, column.numberWithText]) for (const set of map.values()) add(set);
    }
    for (const column of this.termsOf.values()) bytes += column.bytes();
    for (const column of this.meta.values()) bytes += column.values.bytes();
    // The post → type map: a key and a value of eight bytes or so each, with the Map's own table.
    bytes += this.typeOf.size * 24;
    // The newest-first order (8 bytes an entry) and the publishing times (a Map entry and a 24-letter string).
    bytes += this.newest.length * 8 + this.publishedAt.size * 80;
    return { posts: this.typeOf.size, sets, bytes };
  }
}

/**
 * The items a count is made among: their bitmap, and their ids. A count tests each id against the sets'
 * words when that is less work than counting the bits of every word (a few hundred items among 100,000).
 */
export class Among {
  private readonly size: number;
  private list: number[] | null = null;

  constructor(readonly set: Items) {
    this.size = set.size();
  }

  ids(): readonly number[] {
    this.list ??= this.set.array();
    return this.list;
  }

  /** How many of these items are in any of the sets. */
  countIn(sets: ReadonlyArray<Items | undefined>): number {
    const words = sets.flatMap((s) => (s ? [s.words] : []));
    if (words.length === 0) return 0;
    // A bit count costs a few operations per word of the bitmap; a test, one per id and set.
    if (this.size * words.length > this.set.words.length * (words.length + 4)) {
      const present = sets.filter((s): s is Items => s !== undefined);
      return (present.length === 1 ? (present[0] as Items) : unionOf(present)).intersection_size(this.set);
    }
    let n = 0;
    for (const id of this.ids()) {
      const w = id >>> 5;
      const bit = 1 << (id & 31);
      for (const ws of words) {
        if (((ws[w] ?? 0) & bit) !== 0) {
          n++;
          break;
        }
      }
    }
    return n;
  }
}

function emptyColumn(): MetaColumn {
  return { text: new Map(), number: new Map(), numberWithText: new Map(), values: new ValueColumn(), sorted: null };
}

// -- one index per database per process ------------------------------------------------------------

// Kept on globalThis like the content version: the server (server/app.ts, run by tsx) starts the index
// and the app's built bundle, which loads its own copy of this module, reads it.
const STATE = Symbol.for('smp-tunas-bangsa.filter-index');
const shared = globalThis as typeof globalThis & {
  [STATE]?: WeakMap<object, { index?: FilterIndex; building?: Promise<FilterIndex | null> }>;
};
shared[STATE] ??= new WeakMap();
const indexes = shared[STATE];

/** The database's index when it is built; null meanwhile (the filters answer from SQL). */
export function readyFilterIndex(db: Db): FilterIndex | null {
  return indexes.get(db)?.index ?? null;
}

/** The taxonomies and meta keys the filter records name (another a listing names is read in when asked for). */
async function filterNames(db: Db): Promise<{ taxonomies: string[]; metaKeys: string[] }> {
  const records = [...(await getFilterRecords(db)).values()];
  const named = (type: string) => records.flatMap((r) => (r.queryType === type && r.queryVar ? [r.queryVar] : []));
  return { taxonomies: named('tax_query'), metaKeys: named('meta_query') };
}

/**
 * Builds the database's index in the background (a server's start) and keeps it for this process.
 * Resolves with the index, or null when the build failed (the filters go on answering from SQL, and
 * the reason is in the log).
 */
export function startFilterIndex(db: Db, dialect: Dialect): Promise<FilterIndex | null> {
  const known = indexes.get(db);
  if (known?.building) return known.building;
  const entry: { index?: FilterIndex; building?: Promise<FilterIndex | null> } = {};
  entry.building = filterNames(db)
    .then((names) => FilterIndex.build(db, dialect, names))
    .then((index) => {
      entry.index = index;
      const { posts, sets, bytes, buildMs } = index.figures;
      console.info(
        `filter index: ${posts} posts, ${sets} sets, ${(bytes / 1_048_576).toFixed(1)} MB, built in ${buildMs} ms`,
      );
      return index;
    })
    .catch((error: unknown) => {
      console.warn(`filter index: not built, the filters answer from SQL (${(error as Error).message})`);
      return null;
    });
  indexes.set(db, entry);
  return entry.building;
}

/** Forgets the database's index (tests that compare it with SQL). */
export function dropFilterIndex(db: Db): void {
  indexes.delete(db);
}
