import { postUrl } from '~/content/posts';
import { RESERVED_SLUGS } from '~/content/slug';
import type { Db } from '~/db';
import {
  type ImportState,
  importAuthor,
  importImage,
  importPost,
  importTerms,
  loadImported,
  type PostLinks,
  setParent,
} from './items.server';
import { importMenuItems, type MenuPlan } from './menus.server';
import {
  type MediaPlan,
  type MenuItemPlan,
  oldOrigins,
  oldPath,
  oldUrlTarget,
  type PlanContext,
  planContext,
  planItem,
  planTerm,
  SITE_PATHS,
  type SlugBook,
  slugBook,
  type TermPlan,
} from './model';
import { own, type WxrAuthor, WxrError } from './records';
import { emptyReport, type ImportReport, noteShortcodes, problem, skip } from './report';
import { readWxr } from './wxr.server';

/**
 * The WordPress import (issue 26): `dry-run.server.ts`'s flow, writing. The export is read twice, as a stream (the
 * memory stays small whatever its size): the first pass only gathers what the writing needs to know ahead (the
 * site, authors, terms, the attachments, and each post's new address and old permalink), so nothing is written
 * from a file that turns out refused or truncated, and an attachment listed after the posts that use it is in
 * before them. Then authors, terms and images are written, and the second pass writes the posts one transaction
 * each; the menu items come last, once everything they point at has its new address.
 *
 * Progress is counted in items (`<item>` records): `total` is known after the first pass; images count as they are
 * processed, every other item as the second pass passes it.
 */

export interface ImportOptions {
  /** A copy of the old `wp-content/uploads/`. */
  uploads?: string;
  /** Download the images from the old site instead (public addresses only). */
  fetchMedia?: boolean;
  /** This site's uploads folder: the images' copies go there. */
  uploadsDir: string;
  now?: Date;
  /** The administrator who started it (the audit rows name them); none from the command line. */
  userId?: number | null;
}

/** Post types of this site whose slugs may meet an imported one (content.server.ts ROOT_TYPES, the gallery). */
const SLUG_TYPES = ['post', 'page', 'e-landing-page', 'galeri', 'ekskul'];

/** What the first pass gathers: ids, slugs, paths and the attachments' plans; never a body. */
interface ExportIndex {
  source: string;
  origins: string[];
  /** Slugs the site has that the import must not take (its own earlier imports aside). */
  existing: Array<{ type: string; slug: string }>;
  authors: WxrAuthor[];
  terms: TermPlan[];
  /** The menus (`nav_menu` terms): their items name them by slug. */
  menus: MenuPlan[];
  /** Terms not brought in, and why. */
  skippedTerms: Array<{ what: string; reason: string }>;
  termsByWpId: Map<number, { taxonomy: string; slug: string }>;
  media: Array<{ what: string; plan: MediaPlan }>;
  attachments: Set<number>;
  /** Old upload file (`2024/05/a.jpg`) → attachment id. */
  mediaByFile: Map<string, number>;
  /** Old post id → its attachments, in the export's order. */
  children: Map<number, number[]>;
  /** Old post id → its type and slug here. */
  posts: Map<number, { type: string; slug: string }>;
  /** Old permalink path → old post id. */
  paths: Map<string, number>;
  /** Lines of items whose post id an earlier item of the file has. */
  duplicates: Set<number>;
  items: number;
}

/**
 * A record's strings as copies: a slice of the reader's text keeps the whole chunk (256 KB) it was cut from alive
 * (records.ts `own`), and the index keeps its records until the end.
 */
function owned<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = typeof value === 'string' ? own(value) : value;
  return out as T;
}

/** The old site's address as `import_item.source`: its base URL (else the channel's link), no trailing slash. */
export function sourceOf(channel: { baseSiteUrl: string; link: string }): string {
  return (channel.baseSiteUrl || channel.link).trim().replace(/\/+$/, '');
}

/** Imports an export into the site; the report says what came in, what was skipped and why, and the problems. */
export async function importWordPress(
  db: Db,
  file: string,
  options: ImportOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport(file, false);
  report.changes = {};
  const now = options.now ?? new Date();
  let index: ExportIndex;
  try {
    index = await readIndex(db, file);
  } catch (error) {
    if (!(error instanceof WxrError)) throw error;
    report.refused = error.message;
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }
  const total = index.items;
  let done = 0;
  onProgress?.(done, total);
  const st: ImportState = {
    db,
    source: index.source,
    now,
    userId: options.userId ?? null,
    uploadsDir: options.uploadsDir,
    images: { uploads: options.uploads, fetchMedia: options.fetchMedia },
    imported: await loadImported(db, index.source),
    authors: new Map(),
    terms: new Map(),
    media: new Map(),
    posts: new Map(),
  };
  for (const [key, row] of st.imported) {
    if (key.startsWith('post:')) st.posts.set(Number(key.slice(5)), row.localId);
  }

  for (const author of index.authors) await importAuthor(st, author, report);
  for (const t of index.skippedTerms) skip(report, t.what, t.reason);
  await importTerms(st, index.terms, report);

  const hasSource = Boolean(options.uploads || options.fetchMedia);
  let withoutSource = 0;
  for (const { what, plan } of index.media) {
    if (hasSource || st.imported.has(`media:${plan.wpId}`)) await importImage(st, what, plan, report);
    else withoutSource++;
    onProgress?.(++done, total);
  }
  if (withoutSource > 0) skip(report, `${withoutSource} gambar`, 'tidak diimpor: tanpa --uploads atau --fetch-media');

  const pass = { menuItems: [] as MenuItemPlan[], waiting: [] as Waiting[] };
  try {
    await writeItems(file, index, st, report, pass, () => onProgress?.(++done, total));
  } catch (error) {
    // The file changed on disk between the two passes: what was written stays, and the report says where it ended.
    if (!(error instanceof WxrError)) throw error;
    report.refused = error.message;
  }
  // Parents that came after their children in the file.
  for (const w of pass.waiting) {
    const parent = st.posts.get(w.parentWpId);
    if (parent === undefined)
      problem(report, w.what, `induk ID ${w.parentWpId} tidak ada di ekspor (atau tidak diimpor)`);
    else await setParent(st, w.id, parent);
  }
  await importMenuItems(db, index.source, pass.menuItems, report, now, index.menus);
  onProgress?.(total, total);
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** A post written before its parent, given it once the whole file is in. */
interface Waiting {
  id: number;
  parentWpId: number;
  what: string;
}

/**
 * The second pass: every item planned again (the same plans as the first pass's), posts written one transaction
 * each, menu items gathered for the end; `passed` after each item (the progress).
 */
async function writeItems(
  file: string,
  index: ExportIndex,
  st: ImportState,
  report: ImportReport,
  out: { menuItems: MenuItemPlan[]; waiting: Waiting[] },
  passed: () => void,
): Promise<void> {
  const links = postLinks(index, st);
  const ctx = planningContext(index);
  for await (const record of readWxr(file)) {
    if (record.kind !== 'item') continue;
    const { item } = record;
    const plan = planItem(ctx, item);
    if (index.duplicates.has(item.line)) {
      skip(report, plan.what, `wp:post_id ${item.postId} sudah dipakai item sebelumnya`);
    } else if (plan.action === 'skip') {
      skip(report, plan.what, plan.reason);
    } else if (plan.kind === 'media') {
      // Written before this pass (and counted in the progress then).
      continue;
    } else if (plan.kind === 'menu-item') {
      out.menuItems.push(plan.menuItem);
      for (const p of plan.problems) problem(report, plan.what, p);
    } else {
      const { post, what } = plan;
      for (const p of plan.problems) problem(report, what, p);
      for (const c of plan.skippedComments) skip(report, c.what, c.reason);
      noteShortcodes(report, what, post.body.shortcodes);
      if (post.body.droppedBlocks.length > 0) {
        problem(report, what, `blok dinamis tanpa HTML dibuang: ${[...new Set(post.body.droppedBlocks)].join(', ')}`);
      }
      for (const url of post.oldUrls) {
        if (links.linkFor(url) === null && !links.uploadLeftBehind(url)) {
          problem(report, what, `tautan ke situs lama tidak menunjuk ke isi yang diimpor: ${url}`);
        }
      }
      const outcome = await importPost(st, what, plan.kind, post, links, report);
      const parent = post.parentWpId;
      if (outcome?.waitsForParent) out.waiting.push({ id: outcome.id, parentWpId: outcome.waitsForParent, what });
      else if (parent !== null && !st.posts.has(parent) && !index.posts.has(parent)) {
        problem(report, what, `induk ID ${parent} tidak ada di ekspor (atau tidak diimpor)`);
      }
    }
    passed();
  }
}

/** A planning context as the first pass had it: the same slugs are taken in the same order on both passes. */
function planningContext(index: ExportIndex): PlanContext {
  const book: SlugBook = slugBook(index.existing);
  return planContext({ origins: index.origins, slugs: book });
}

/** The first pass: reads the whole export (refusing it before anything is written) and gathers the index. */
async function readIndex(db: Db, file: string): Promise<ExportIndex> {
  const index: ExportIndex = {
    source: '',
    origins: [],
    existing: [],
    authors: [],
    terms: [],
    menus: [],
    skippedTerms: [],
    termsByWpId: new Map(),
    media: [],
    attachments: new Set(),
    mediaByFile: new Map(),
    children: new Map(),
    posts: new Map(),
    paths: new Map(),
    duplicates: new Set(),
    items: 0,
  };
  let ctx: PlanContext = planContext();
  const seen = new Set<number>();
  for await (const record of readWxr(file)) {
    if (record.kind === 'channel') {
      index.source = sourceOf(record.channel);
      index.origins = oldOrigins(record.channel);
      index.existing = await existingSlugs(db, index.source);
      ctx = planningContext(index);
    } else if (record.kind === 'author') {
      index.authors.push(owned(record.author));
    } else if (record.kind === 'term') {
      const plan = planTerm(ctx, record.term);
      if (plan.action === 'skip') index.skippedTerms.push({ what: plan.what, reason: plan.reason });
      else if (plan.action === 'import' && plan.as === 'menu') index.menus.push(owned(plan.menu));
      else if (plan.action === 'import' && plan.as === 'term') {
        const term = owned(plan.term);
        index.terms.push(term);
        if (term.wpId !== null) index.termsByWpId.set(term.wpId, { taxonomy: term.taxonomy, slug: term.slug });
      }
    } else {
      const { item } = record;
      index.items++;
      // Planned as the second pass will plan it (the same slugs, in the same order); the body is not needed yet.
      const plan = planItem(ctx, { ...item, content: '', comments: [] });
      if (item.postId !== null) {
        if (seen.has(item.postId)) {
          index.duplicates.add(item.line);
          continue;
        }
        seen.add(item.postId);
      }
      if (plan.action === 'skip') continue;
      if (plan.kind === 'media') {
        const media = owned(plan.media);
        index.media.push({ what: own(plan.what), plan: media });
        index.attachments.add(media.wpId);
        index.mediaByFile.set(media.file, media.wpId);
        if (media.parentWpId !== null) {
          const list = index.children.get(media.parentWpId) ?? [];
          list.push(media.wpId);
          index.children.set(media.parentWpId, list);
        }
      } else if (plan.kind !== 'menu-item') {
        index.posts.set(plan.post.wpId, { type: plan.post.type, slug: own(plan.post.slug) });
        const path = oldPath(item.link);
        if (path) index.paths.set(own(path), plan.post.wpId);
      }
    }
  }
  return index;
}

/**
 * The slugs the site has where an import's may land, and its reserved words; the posts an earlier import of the
 * same site made are left out (their slugs are theirs again).
 */
async function existingSlugs(db: Db, source: string): Promise<Array<{ type: string; slug: string }>> {
  const rows = await db
    .selectFrom('post')
    .select(['type', 'slug'])
    .where('type', 'in', SLUG_TYPES)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('import_item').select('local_id').where('source', '=', source).where('kind', '=', 'post'),
    )
    .execute();
  return [...rows, ...[...RESERVED_SLUGS].map((slug) => ({ type: 'page', slug }))];
}

/** Archive addresses of the taxonomies that have them here. */
const ARCHIVE_BASE: Readonly<Record<string, string>> = { category: '/category/', post_tag: '/tag/' };

/** The old site's URLs as this site's, for the bodies. */
function postLinks(index: ExportIndex, st: ImportState): PostLinks & { uploadLeftBehind(url: string): boolean } {
  const hashOf = (url: string) => {
    const at = url.indexOf('#');
    return at < 0 ? '' : url.slice(at);
  };
  const postAddress = (wpId: number): string | null => {
    // A post later in the file has its address already: the first pass planned its slug.
    const post = index.posts.get(wpId);
    if (post) return postUrl(post.type, post.slug);
    return st.media.get(wpId)?.url ?? null;
  };
  const find = (url: string): string | null => {
    const target = oldUrlTarget(url);
    switch (target.kind) {
      case 'upload': {
        const wpId = index.mediaByFile.get(target.file);
        return wpId === undefined ? null : (st.media.get(wpId)?.url ?? null);
      }
      case 'post':
        return postAddress(target.id);
      case 'term': {
        const term = index.termsByWpId.get(target.id);
        const base = term && ARCHIVE_BASE[term.taxonomy];
        return term && base && st.terms.has(`${term.taxonomy}:${term.slug}`) ? `${base}${term.slug}/` : null;
      }
      case 'term-slug': {
        const base = ARCHIVE_BASE[target.taxonomy];
        return base && st.terms.has(`${target.taxonomy}:${target.slug}`) ? `${base}${target.slug}/` : null;
      }
      case 'path': {
        if (SITE_PATHS.has(target.path)) return target.path;
        const wpId = index.paths.get(target.path);
        return wpId === undefined ? null : postAddress(wpId);
      }
    }
  };
  return {
    linkFor(url) {
      const found = find(url);
      if (found === null) return null;
      // An upload's address is a file: a fragment or size suffix means nothing there.
      return oldUrlTarget(url).kind === 'upload' ? found : `${found}${hashOf(url)}`;
    },
    childrenOf: (wpId) => index.children.get(wpId) ?? [],
    isAttachment: (wpId) => index.attachments.has(wpId),
    // An image of the export left out for want of a source is reported once for all, not per body.
    uploadLeftBehind(url) {
      const target = oldUrlTarget(url);
      return target.kind === 'upload' && index.mediaByFile.has(target.file);
    },
  };
}
