import { DEFAULT_QUERY_ID, type FilterAddress, type FilterQuery, type FilterValue, type UrlType } from './model';

/**
 * The filter state in the page address, read and written in one place (original-wire.md §2.4-2.7):
 *
 *   plain      `/galeri/?jet-smart-filters=jet-engine:galeri&tax=category:12%2C15;post_tag:7&pagenum=2`
 *   permalink  `/galeri/jsf/jet-engine:galeri/tax/category:12%2C15;post_tag:7/pagenum/2/`
 *   also read  `?jsf=…` (the newer plugin) and the legacy raw keys
 *              `?jet-smart-filters=jet-engine/galeri&_tax_query_category[]=12&jet_paged=2`.
 *
 * Separators (`;` between pairs, `:` in a pair, `!` for `|`) are found in the raw text and every
 * value is percent-encoded around them, so values may hold `;:/&?#%!+` and any other character.
 * Limits of the format, kept on purpose for the original server: a comma inside a tax/meta/alphabet
 * value makes it a list (so list items hold no comma, and a one-item list reads back as a string);
 * a permalink value cannot be exactly `.` or `..` (browsers drop such path segments), so it is left
 * out. Reading never throws: junk is skipped and sizes are capped.
 */

const PATH_PREFIX = 'jsf';
/** spec 001 §9 "URL prefix jet-smart-filters": the parameter the site writes. */
const PROVIDER_PARAM = 'jet-smart-filters';
/** The newer plugin's parameter (original-wire.md §2.5), still read. */
const NEWER_PROVIDER_PARAM = 'jsf';
const LEGACY_PAGE_PARAM = 'jet_paged';

const MAX_KEYS = 50;
const MAX_ITEMS = 100;
const MAX_CHARS = 200;
const MAX_PAGE = 100_000;

/** original-wire.md §2.4: names that carry filter state; everything else on the page is kept. */
const FILTER_PARAMS = new Set([
  'jsf',
  'tax',
  'meta',
  'date',
  'sort',
  'alphabet',
  '_s',
  'pagenum',
  'jet-smart-filters',
  'jet_paged',
  'search',
  // Not in the original's list, but read as the legacy alphabet key: keeping it would revive a removed filter.
  '_alphabet_',
]);
const FILTER_PREFIXES = ['_tax_query_', '_meta_query_', '_date_query_', '_sort_', '__s_'];

type UrlPart = 'tax' | 'meta' | 'date' | 'sort' | 'alphabet' | '_s';
const URL_PARTS = new Set<string>(['tax', 'meta', 'date', 'sort', 'alphabet', '_s']);

/** Query keys the address can carry (original-wire.md §2.2). */
const QUERY_KEY =
  /^(?:_tax_query_[^|]+|_meta_query_[^|]+(?:\|[^|]+)?|_date_query_\|date|_sort_standard|__s_query\|search|_alphabet_)$/;
const SEARCH_KEY = '__s_query|search';
const META_SEARCH = /^_meta_query_([^|]+)\|search$/;

/** Whether a query parameter carries filter state (and is dropped when the state is rewritten). */
export function isFilterParam(name: string): boolean {
  const bare = name.endsWith('[]') ? name.slice(0, -2) : name;
  return FILTER_PARAMS.has(bare) || FILTER_PREFIXES.some((p) => bare.startsWith(p));
}

/** The page path without any `jsf/…` tail, ending in one `/` (original-wire.md §2.1 `baseurl`). */
export function baseUrlOf(pathname: string): string {
  const segments = pathname.split('/').filter((s) => s !== '');
  const at = segments.indexOf(PATH_PREFIX);
  const kept = at < 0 ? segments : segments.slice(0, at);
  return kept.length > 0 ? `/${kept.join('/')}/` : '/';
}

// ---------------------------------------------------------------------------------------------
// Reading

function decode(raw: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? raw.replace(/\+/g, ' ') : raw);
  } catch {
    return null;
  }
}

/** Cut to MAX_CHARS code points (never through a surrogate pair). */
function capText(text: string): string {
  if (text.length <= MAX_CHARS) return text;
  return Array.from(text).slice(0, MAX_CHARS).join('');
}

/** The comma rule of the original server: a tax/meta/alphabet value with a comma is a list. */
function splitsOnComma(key: string): boolean {
  if (key.endsWith('|search') || key.endsWith('|date')) return false;
  return key.startsWith('_tax_query_') || key.startsWith('_meta_query_') || key === '_alphabet_';
}

/** Collects a query within the size limits; empty values are skipped. */
class QueryReader {
  readonly query: FilterQuery = {};
  private count = 0;

  private room(key: string): boolean {
    if (!QUERY_KEY.test(key) || key.length > MAX_CHARS) return false;
    if (Object.hasOwn(this.query, key)) return true;
    if (this.count >= MAX_KEYS) return false;
    this.count++;
    return true;
  }

  private static list(items: readonly string[]): string[] {
    return items
      .filter((s) => s !== '')
      .slice(0, MAX_ITEMS)
      .map(capText);
  }

  /** A decoded text value, split into a list where the key takes lists. */
  text(key: string, text: string | null): void {
    if (!text) return;
    if (splitsOnComma(key) && text.includes(',')) {
      this.set(key, QueryReader.list(text.split(',')));
    } else {
      this.set(key, capText(text));
    }
  }

  /** One `key[]=item` field of a form: items add up to a list. */
  item(key: string, item: string | null): void {
    if (!item) return;
    const prev = this.query[key];
    const items = Array.isArray(prev) ? prev : typeof prev === 'string' ? [prev] : [];
    this.set(key, QueryReader.list([...items, item]));
  }

  set(key: string, value: FilterValue): void {
    const empty = Array.isArray(value)
      ? value.length === 0
      : typeof value === 'string'
        ? value === ''
        : Object.keys(value).length === 0;
    if (empty || !this.room(key)) return;
    this.query[key] = value;
  }
}

/** `field:value;field:value` split on its separators, each side then decoded by `dec`. */
function pairs(text: string, dec: (part: string) => string | null): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const pair of text.split(';')) {
    const colon = pair.indexOf(':');
    if (colon <= 0) continue;
    // `!` stands for `|` in the field (harga!range → harga|range).
    const parts = pair.slice(0, colon).split('!').map(dec);
    const value = dec(pair.slice(colon + 1));
    if (value === null || parts.some((p) => !p)) continue;
    found.push([parts.join('|'), value]);
  }
  return found;
}

/** One `type=value` of the plain form or `type/value` of the permalink form. */
function readPart(reader: QueryReader, type: UrlPart, raw: string, plusIsSpace: boolean): void {
  switch (type) {
    case 'tax':
    case 'meta': {
      // Split before decoding, so encoded separators inside values stay data. A hand-written
      // address may encode the separators too: then decode first, as the original server does.
      const found = raw.includes(':')
        ? pairs(raw, (part) => decode(part, plusIsSpace))
        : pairs(decode(raw, plusIsSpace) ?? '', (part) => part);
      for (const [field, value] of found) reader.text(`_${type}_query_${field}`, value);
      return;
    }
    case 'date':
      reader.text('_date_query_|date', decode(raw, plusIsSpace));
      return;
    case 'sort': {
      // The original client encodes the whole `orderby:date;order:DESC`, so decode before splitting.
      const sort: Record<string, string> = {};
      for (const pair of (decode(raw, plusIsSpace) ?? '').split(';').slice(0, MAX_ITEMS)) {
        const colon = pair.indexOf(':');
        if (colon > 0 && colon < pair.length - 1) sort[capText(pair.slice(0, colon))] = capText(pair.slice(colon + 1));
      }
      reader.set('_sort_standard', sort);
      return;
    }
    case 'alphabet':
      reader.text('_alphabet_', decode(raw, plusIsSpace));
      return;
    case '_s': {
      // `text!meta=field` searches a meta field (the original client writes `!meta%3D`).
      const meta = raw.match(/^(.*)!meta(?:=|%3D)([^!]+)$/is);
      const field = meta ? decode(meta[2]!, plusIsSpace) : null;
      if (meta && field) reader.text(`_meta_query_${field}|search`, decode(meta[1]!, plusIsSpace));
      else reader.text(SEARCH_KEY, decode(raw, plusIsSpace));
      return;
    }
  }
}

/** A legacy raw key (`_tax_query_category=12`, `_sort_standard={"orderby":…}`). */
function readRawKey(reader: QueryReader, name: string, raw: string): void {
  const isItem = name.endsWith('[]');
  const key = isItem ? name.slice(0, -2) : name;
  const text = decode(raw, true);
  if (key === '_sort_standard') {
    if (!isItem && text) reader.set(key, sortFromJson(text));
  } else if (isItem) {
    reader.item(key, text);
  } else {
    reader.text(key, text);
  }
}

function sortFromJson(text: string): Record<string, string> {
  const sort: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [field, value] of Object.entries(parsed).slice(0, MAX_ITEMS)) {
        if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
          sort[capText(field)] = capText(String(value));
        }
      }
    }
  } catch {
    // Not JSON: no sorting.
  }
  return sort;
}

/** `provider`, `provider:queryId` or `provider/queryId`, split at the first `:` or `/`. */
function readProvider(text: string | null): { provider: string; queryId: string } | null {
  if (!text) return null;
  const cut = text.search(/[:/]/);
  const provider = capText(cut < 0 ? text : text.slice(0, cut));
  const queryId = capText(cut < 0 ? '' : text.slice(cut + 1));
  return provider ? { provider, queryId: queryId || DEFAULT_QUERY_ID } : null;
}

/** `pagenum`/`jet_paged`: a page from 1 to MAX_PAGE, else 1. */
function readPage(text: string | null): number {
  if (!text || !/^\d{1,6}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** `a=b&c=d` → [[decoded name, raw value]], keeping order and the raw encoding of values. */
function rawParams(search: string): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const field of search.replace(/^\?/, '').split('&')) {
    if (!field) continue;
    const eq = field.indexOf('=');
    const name = decode(eq < 0 ? field : field.slice(0, eq), true);
    if (name) params.push([name, eq < 0 ? '' : field.slice(eq + 1)]);
  }
  return params;
}

function readPermalink(url: URL): FilterAddress | null {
  const segments = url.pathname.split('/');
  const at = segments.indexOf(PATH_PREFIX);
  if (at < 0) return null;
  const group = readProvider(decode(segments[at + 1] ?? '', false));
  if (!group) return null;
  const reader = new QueryReader();
  let page = 1;
  // Positional pairs: `type/value/type/value/`; a value is never searched for by its type's name.
  for (let i = at + 2; i + 1 < segments.length; i += 2) {
    const type = segments[i]!;
    const raw = segments[i + 1]!;
    if (type === 'pagenum') page = readPage(decode(raw, false));
    else if (type === 'search') readPart(reader, '_s', raw, false);
    else if (URL_PARTS.has(type)) readPart(reader, type as UrlPart, raw, false);
  }
  return { ...group, query: reader.query, page };
}

function readPlain(url: URL): FilterAddress | null {
  const params = rawParams(url.search);
  const named = (name: string) => params.findLast(([n]) => n === name)?.[1];
  const providerRaw = named(PROVIDER_PARAM) ?? named(NEWER_PROVIDER_PARAM);
  const group = readProvider(providerRaw === undefined ? null : decode(providerRaw, true));
  if (!group) return null;
  const reader = new QueryReader();
  let page = 1;
  for (const [name, raw] of params) {
    if (name === 'pagenum' || name === LEGACY_PAGE_PARAM) page = readPage(decode(raw, true));
    else if (name === 'search') readPart(reader, '_s', raw, true);
    else if (URL_PARTS.has(name)) readPart(reader, name as UrlPart, raw, true);
    else if (isFilterParam(name)) readRawKey(reader, name, raw);
  }
  return { ...group, query: reader.query, page };
}

/**
 * The filter state an address names: its permalink tail first, then the plain parameters
 * (`jet-smart-filters=`, then `jsf=`, with both the short and the legacy keys). Null without a provider.
 */
export function readFilterAddress(url: URL): FilterAddress | null {
  return readPermalink(url) ?? readPlain(url);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Lone surrogates cannot be percent-encoded; they become U+FFFD instead of throwing. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** encodeURIComponent plus `!'()*`, so that a raw `!` is always the suffix separator. */
function enc(text: string): string {
  return encodeURIComponent(wellFormed(text)).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function listText(value: FilterValue): string {
  if (Array.isArray(value)) return value.filter((v) => v !== '').join(',');
  return typeof value === 'string' ? value : '';
}

function pair(field: string, value: string): string {
  return `${field.split('|').map(enc).join('!')}:${enc(value)}`;
}

function sortText(value: FilterValue): string {
  let sort: unknown = value;
  if (typeof value === 'string') {
    try {
      sort = JSON.parse(value);
    } catch {
      return '';
    }
  }
  if (!sort || typeof sort !== 'object' || Array.isArray(sort)) return '';
  return Object.entries(sort)
    .filter(([, v]) => typeof v === 'string' && v !== '')
    .map(([k, v]) => `${enc(k)}:${enc(v as string)}`)
    .join(';');
}

/** The query as `[type, raw value]`, types in the order their first key appears (like the original). */
function urlParts(query: FilterQuery): Array<[UrlPart, string]> {
  const parts = new Map<UrlPart, string[]>();
  const add = (type: UrlPart, raw: string) => {
    if (raw) parts.set(type, [...(parts.get(type) ?? []), raw]);
  };
  // Only one `_s` fits in an address: a meta-field search uses it when it is the only search.
  const searches = Object.keys(query).filter((k) => k === SEARCH_KEY || META_SEARCH.test(k));
  for (const [key, value] of Object.entries(query)) {
    const text = listText(value);
    if (key.startsWith('_tax_query_') && text) add('tax', pair(key.slice('_tax_query_'.length), text));
    else if (META_SEARCH.test(key) && searches.length === 1 && text) {
      add('_s', `${enc(text)}!meta=${enc(key.match(META_SEARCH)![1]!)}`);
    } else if (key.startsWith('_meta_query_') && text) add('meta', pair(key.slice('_meta_query_'.length), text));
    else if (key === '_date_query_|date') add('date', enc(text));
    else if (key === '_sort_standard') add('sort', sortText(value));
    else if (key === '_alphabet_') add('alphabet', enc(text));
    else if (key === SEARCH_KEY) add('_s', enc(text));
  }
  return [...parts].map(([type, raws]) => [type, raws.join(';')]);
}

function foreignParams(search: string): string[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((field) => {
      if (!field) return false;
      const eq = field.indexOf('=');
      const name = decode(eq < 0 ? field : field.slice(0, eq), true);
      // A name that does not decode is not ours: keep it as the page wrote it.
      return name === null || !isFilterParam(name);
    });
}

/**
 * The address (path + query) for a filter state, in the spec's plain form or the permalink form;
 * the page's other query parameters are kept in order. An empty state on page 1 is the bare page.
 */
export function writeFilterAddress(
  current: { pathname: string; search: string },
  address: FilterAddress,
  urlType: UrlType,
): string {
  const base = baseUrlOf(current.pathname);
  const foreign = foreignParams(current.search);
  const parts: Array<[string, string]> = urlParts(address.query).filter(
    // Browsers drop a `.` or `..` path segment, so such a value has no permalink.
    ([, raw]) => urlType !== 'permalink' || (raw !== '.' && raw !== '..'),
  );
  if (address.page > 1) parts.push(['pagenum', String(Math.trunc(address.page))]);
  const queryString = (fields: string[]) => (fields.length > 0 ? `?${fields.join('&')}` : '');
  if (parts.length === 0) return base + queryString(foreign);

  const queryId = address.queryId && address.queryId !== DEFAULT_QUERY_ID ? `:${enc(address.queryId)}` : '';
  const provider = enc(address.provider) + queryId;
  if (urlType === 'permalink') {
    const segments = parts.flatMap(([type, raw]) => [type === '_s' ? 'search' : type, raw]);
    return `${base}${[PATH_PREFIX, provider, ...segments].join('/')}/${queryString(foreign)}`;
  }
  return base + queryString([...foreign, `${PROVIDER_PARAM}=${provider}`, ...parts.map(([t, raw]) => `${t}=${raw}`)]);
}
