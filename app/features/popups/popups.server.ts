import type { Db } from '~/db';
import { rememberFor } from '~/lib/remember.server';
import { type PagePopup, type Viewer, viewerAllowed } from './model';
import { POPUP_META, popupSettings, type StoredPopupSettings } from './settings';

type StoredPopup = { id: number; slug: string; settings: StoredPopupSettings };

// Popups change only when staff edit them: each process keeps the list a few seconds.
const remembered = rememberFor<StoredPopup[]>(5_000, 10);

/** Every published popup: templates carrying popup settings; a row whose settings fail to parse is skipped. */
function allPopups(db: Db): Promise<StoredPopup[]> {
  return remembered(db, 'popups', async () => {
    const rows = await db
      .selectFrom('post')
      .innerJoin('post_meta', 'post_meta.post_id', 'post.id')
      .select(['post.id', 'post.slug', 'post_meta.value_text'])
      .where('post.type', '=', 'template')
      .where('post.status', '=', 'publish')
      .where('post_meta.meta_key', '=', POPUP_META)
      .orderBy('post.id')
      .execute();
    return rows.flatMap((r) => {
      let json: unknown;
      try {
        json = JSON.parse(r.value_text ?? '');
      } catch {
        return [];
      }
      const parsed = popupSettings.safeParse(json);
      return parsed.success ? [{ id: r.id, slug: r.slug, settings: parsed.data }] : [];
    });
  });
}

/** Every popup whose logged-in rule admits the viewer, with the paths it is placed on. */
async function viewerPopups(db: Db, viewer: Viewer): Promise<PagePopup[]> {
  const popups = await allPopups(db);
  return popups
    .filter((p) => viewerAllowed(p.settings.timing.loggedIn, viewer))
    .map(({ id, slug, settings: { pages, notOn, ...settings } }) => ({ id, slug, pages, notOn, settings }));
}

/**
 * The popups for the layout's loader (spec 000 §4 "Popup display", §6): every popup whose logged-in rule
 * admits the viewer, each with the paths it is placed on and kept off. The layout
 * is not loaded again on a client-side navigation, so the browser picks the popups of each page it
 * shows from this list (ui/popups.tsx); a page none is placed on loads no popup code. A site with no
 * popup at all sends an empty list.
 */
export async function pagePopups(
  ctx: { db: Db; userOf: (request: Request) => Promise<{ roles: readonly string[] } | null> },
  request: Request,
): Promise<PagePopup[]> {
  const path = new URL(request.url).pathname;
  // Wire and asset paths never show a page; the layout loader runs only for pages, but be sure.
  if (path.startsWith('/wp-')) return [];
  return viewerPopups(ctx.db, await ctx.userOf(request));
}
