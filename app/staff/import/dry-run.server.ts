import { access } from 'node:fs/promises';
import path from 'node:path';
import { sanitizeRichText } from '~/lib/html.server';
import {
  fillGalleries,
  isOldSiteUrl,
  isPrivateHost,
  lostTags,
  oldOrigins,
  oldPath,
  oldSiteIndex,
  oldUrlTarget,
  type PlanContext,
  planContext,
  planItem,
  planTerm,
  resolvesInExport,
} from './model';
import { WxrError } from './records';
import { count, emptyReport, type ImportReport, noteShortcodes, problem, skip } from './report';
import { readWxr } from './wxr.server';

/** Where a dry run looks for the images: a copy of the old `wp-content/uploads/`, or their URLs. */
export interface MediaSource {
  uploads?: string;
  fetchMedia?: boolean;
}

/** Old-site ids an item refers to, checked once the whole file is read (attachments may come after posts). */
interface Reference {
  what: string;
  id: number;
  as: string;
  /** An image (an attachment of the export), or any imported item. */
  needs: 'media' | 'item';
}

/**
 * Reads and checks a whole export without writing anything (issue 26 `--dry-run`): every record is planned as
 * the import would plan it, bodies go through the editor's sanitiser, images are looked for, and the report
 * says what would come in. A refused file ends the run with `refused` set. `onRecord` is called after each
 * record (a progress bar).
 */
export async function dryRun(
  file: string,
  media: MediaSource = {},
  onRecord?: (records: number) => void,
): Promise<ImportReport> {
  const started = performance.now();
  const report = emptyReport(file, true);
  const ctx: PlanContext = planContext();
  const attachments = new Set<number>();
  const index = oldSiteIndex();
  /** Links to the old site, checked at the end against what the export brings. */
  const links: Array<{ what: string; url: string }> = [];
  const references: Reference[] = [];
  let records = 0;
  try {
    for await (const record of readWxr(file)) {
      records++;
      if (record.kind === 'channel') ctx.origins = oldOrigins(record.channel);
      else if (record.kind === 'author') count(report, 'author');
      else if (record.kind === 'term') {
        const plan = planTerm(ctx, record.term);
        if (plan.action === 'skip') skip(report, plan.what, plan.reason);
        else if (plan.action === 'import') {
          count(report, plan.as);
          if (plan.as === 'term') {
            if (plan.term.wpId) index.terms.add(plan.term.wpId);
            index.termSlugs.add(`${plan.term.taxonomy}:${plan.term.slug}`);
          }
        }
      } else {
        const plan = planItem(ctx, record.item);
        if (plan.action === 'skip') {
          skip(report, plan.what, plan.reason);
          continue;
        }
        count(report, plan.kind);
        index.posts.add(record.item.postId as number);
        const permalink = oldPath(record.item.link);
        if (permalink) index.paths.add(permalink);
        for (const p of plan.problems) problem(report, plan.what, p);
        if (plan.kind === 'media') {
          attachments.add(plan.media.wpId);
          index.uploads.add(plan.media.file);
          await checkMedia(report, plan.what, plan.media.file, plan.media.url, media);
        } else if (plan.kind === 'menu-item') {
          const { target } = plan.menuItem;
          if (target.kind === 'custom' && isOldSiteUrl(target.url, ctx.origins)) {
            links.push({ what: plan.what, url: target.url });
          }
          if (target.kind === 'post') {
            references.push({ what: plan.what, id: target.wpId, as: 'tujuan item menu', needs: 'item' });
          }
          const parent = plan.menuItem.parentWpId;
          if (parent) references.push({ what: plan.what, id: parent, as: 'item menu induk', needs: 'item' });
        } else {
          const { post } = plan;
          count(report, 'comment', post.comments.length);
          for (const url of post.oldUrls) links.push({ what: plan.what, url });
          for (const c of plan.skippedComments) skip(report, c.what, c.reason);
          noteShortcodes(report, plan.what, post.body.shortcodes);
          if (post.body.droppedBlocks.length > 0) {
            const blocks = [...new Set(post.body.droppedBlocks)].join(', ');
            problem(report, plan.what, `blok dinamis tanpa HTML dibuang: ${blocks}`);
          }
          const lost = lostTags(post.body.html, sanitizeRichText(fillGalleries(post.body.html, () => '')));
          if (lost.length > 0) problem(report, plan.what, `pembersih HTML membuang: ${lost.join(', ')}`);
          const { what } = plan;
          if (post.featuredWpId)
            references.push({ what, id: post.featuredWpId, as: 'gambar unggulan', needs: 'media' });
          for (const g of post.body.galleries) {
            for (const id of g.ids ?? []) references.push({ what, id, as: 'gambar galeri', needs: 'media' });
          }
          if (post.parentWpId) references.push({ what, id: post.parentWpId, as: 'induk', needs: 'item' });
        }
      }
      onRecord?.(records);
    }
  } catch (error) {
    if (!(error instanceof WxrError)) throw error;
    report.refused = error.message;
  }
  if (!report.refused) {
    for (const r of references) {
      if (!(r.needs === 'media' ? attachments : index.posts).has(r.id)) {
        problem(report, r.what, `${r.as} ID ${r.id} tidak ada di ekspor (atau tidak diimpor)`);
      }
    }
    for (const { what, url } of links) {
      if (!resolvesInExport(oldUrlTarget(url), index)) {
        problem(report, what, `tautan ke situs lama tidak menunjuk ke isi yang diimpor: ${url}`);
      }
    }
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

async function checkMedia(report: ImportReport, what: string, file: string, url: string, media: MediaSource) {
  if (media.uploads) {
    try {
      await access(path.join(media.uploads, file));
    } catch {
      problem(report, what, `berkas tidak ada di folder uploads: ${file}`);
    }
  } else if (media.fetchMedia) {
    let host: string | null = null;
    try {
      const u = new URL(url);
      host = u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : null;
    } catch {
      host = null;
    }
    if (host === null) problem(report, what, `alamat gambar tidak bisa diunduh: ${url || '(kosong)'}`);
    else if (isPrivateHost(host)) problem(report, what, `alamat gambar menunjuk ke jaringan privat: ${url}`);
  }
}
