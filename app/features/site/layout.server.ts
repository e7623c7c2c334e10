import type { Db, Dialect } from '~/db';
import { getMenu } from '~/features/menu/index.server';
import { pageSettingsObject } from './model';
import { type LoadedTree, loadTree, parseTree } from './page.server';
import { getSiteSettings } from './settings.server';

/** What every page shows around its main area: site info, the main menu, the footer template. */
export async function loadLayout(ctx: { db: Db; dialect: Dialect; devMode: boolean }) {
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
  let footer: (LoadedTree & { id: number }) | null = null;
  if (footerRow) {
    const loaded = await loadTree(parseTree(footerRow.tree), { ...ctx, postId: footerRow.id, page: 1, basePath: '/' });
    footer = { ...loaded, id: footerRow.id };
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
