import type { Db, Dialect } from '~/db';
import { getMenu } from '~/features/menu/index.server';
import { pageSettingsObject } from './model';
import { loadTree, parseTree } from './page.server';
import { renderTreeHtml } from './render.server';
import { getSiteSettings } from './settings.server';

// The header and footer change only when staff edit them: each process keeps them a few seconds.
const TTL_MS = 5_000;
let cached: { at: number; db: Db; value: Promise<Layout> } | undefined;

export type Layout = Awaited<ReturnType<typeof readLayout>>;

/** What every page shows around its main area: site info, the main menu, the footer template. */
export function loadLayout(ctx: { db: Db; dialect: Dialect; devMode: boolean }): Promise<Layout> {
  if (cached && cached.db === ctx.db && Date.now() - cached.at < TTL_MS) return cached.value;
  const value = readLayout(ctx);
  cached = { at: Date.now(), db: ctx.db, value };
  value.catch(() => {
    if (cached?.value === value) cached = undefined;
  });
  return value;
}

async function readLayout(ctx: { db: Db; dialect: Dialect; devMode: boolean }) {
  const [settings, menu, menuRow, footerRow] = await Promise.all([
    getSiteSettings(ctx.db),
    getMenu(ctx.db, { location: 'main' }),
    ctx.db.selectFrom('menu').select('id').where('location', '=', 'main').executeTakeFirst(),
    ctx.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('type', '=', 'template')
      .where('slug', '=', 'footer')
      .where('status', '=', 'publish')
      .executeTakeFirst(),
  ]);
  let footer: { id: number; html: string } | null = null;
  if (footerRow) {
    const serverHtml = new Map<string, string>();
    const loaded = await loadTree(parseTree(footerRow.tree), {
      ...ctx,
      postId: footerRow.id,
      page: 1,
      basePath: '/',
      serverHtml,
    });
    footer = { id: footerRow.id, html: renderTreeHtml(loaded.tree, loaded.props, serverHtml) };
  }
  return {
    site: settings.site,
    menu,
    footer,
    pageSettings: pageSettingsObject({
      version: process.env.npm_package_version ?? '0.1.0',
      devMode: ctx.devMode,
      language: settings.site.language,
      menuId: menuRow?.id ?? null,
    }),
  };
}
