import { toMediaView } from '~/content/media';
import { getSiteOptions } from '~/content/options.server';
import { parseTree } from '~/content/tree.server';
import type { Db, Dialect } from '~/db';
import { menuIconSvg } from '~/features/menu/icons.server';
import { loadMenu } from '~/features/menu/menu.server';
import { backLabel } from '~/features/menu/model';
import { env } from '~/lib/env.server';
import { rememberFor } from '~/lib/remember.server';
import { footerIdentityHtml } from '~/pages/footer.server';
import { EARLY_TAPS_SCRIPT } from '~/widgets/early-taps.server';
import { inlineJson, pageSettingsObject } from './model';
import { renderTreeHtml } from './render.server';
import { templateIdBySlug } from './template.server';
import { loadTree } from './tree.server';

/** The template the header's hamburger panel shows (content/templates.yaml). */
const HAMBURGER_PANEL_TEMPLATE = 'panel-hamburger';

// The header and footer change only when staff edit them: each process keeps them a few seconds.
const remembered = rememberFor<Layout>(5_000);

export type Layout = Awaited<ReturnType<typeof readLayout>>;

/** What every page shows around its main area: site info, the main menu, the footer template. */
export function loadLayout(ctx: { db: Db; dialect: Dialect; devMode: boolean }): Promise<Layout> {
  return remembered(ctx.db, 'layout', () => readLayout(ctx));
}

async function readLayout(ctx: { db: Db; dialect: Dialect; devMode: boolean }) {
  const [settings, mainMenu, hamburgerTemplate, footerRow] = await Promise.all([
    getSiteOptions(ctx.db),
    loadMenu(ctx.db, { location: 'main' }),
    templateIdBySlug(ctx.db, HAMBURGER_PANEL_TEMPLATE),
    ctx.db
      .selectFrom('post')
      .select(['id', 'tree'])
      .where('type', '=', 'template')
      .where('slug', '=', 'footer')
      .where('status', '=', 'publish')
      .executeTakeFirst(),
  ]);
  // The school's logo, contact and social links from the site settings, after the footer template (issue 14).
  const logo = settings.logo
    ? await ctx.db.selectFrom('media').selectAll().where('id', '=', settings.logo).executeTakeFirst()
    : undefined;
  const identity = footerIdentityHtml(settings.site, logo ? toMediaView(logo) : null, menuIconSvg);
  let footer: { id: number; html: string } = { id: 0, html: identity };
  if (footerRow) {
    const serverHtml = new Map<string, string>();
    const loaded = await loadTree(parseTree(footerRow.tree), {
      ...ctx,
      postId: footerRow.id,
      page: 1,
      basePath: '/',
      serverHtml,
    });
    footer = { id: footerRow.id, html: renderTreeHtml(loaded.tree, loaded.props, serverHtml) + identity };
  }
  return {
    site: settings.site,
    // The menu travels as one JSON text: React Router encodes the page data value by value, and the menu's
    // items (icons, badges, descriptions, mega templates) are most of the layout's values.
    menuJson: JSON.stringify(mainMenu?.items ?? []),
    // The desktop menu's settings (overflow, hover or click, mega panel width; issue 12).
    desktopMenu: mainMenu?.settings.desktop ?? null,
    // The header's live search settings, read by its lazy code (issue 12).
    headerSearch: settings.headerSearch,
    // The header's hamburger panel shows this template (call 16); none: no hamburger button.
    hamburgerPanel: hamburgerTemplate === null ? null : { templateId: hamburgerTemplate },
    // The header's mobile menu: its id (call 4 refreshes the items) and its own settings (issue 12).
    // The back button's text is decided here, by the site's language, so that rule stays out of the browser.
    mobileMenu: mainMenu
      ? {
          id: mainMenu.id,
          settings: {
            ...mainMenu.settings.mobile,
            backText: backLabel(mainMenu.settings.mobile.backText, settings.site.language),
          },
        }
      : null,
    footer,
    // The page's first script, sent as text (none of it is in the JavaScript bundle): the original's
    // settings object, then the keeper of taps made before the widgets' code has come (issue 22).
    headScript: `window.schoolSettings=${inlineJson(
      pageSettingsObject({
        version: env().npm_package_version,
        devMode: ctx.devMode,
        language: settings.site.language,
        menuId: mainMenu?.id ?? null,
        mobile: mainMenu?.settings.mobile ?? null,
      }),
    )};${EARLY_TAPS_SCRIPT}`,
  };
}
