import { useEffect, useMemo } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router';
import { headerUser } from '~/features/accounts/accounts.server';
import { AccountNav } from '~/features/accounts/ui/account-nav';
import { HamburgerPanel } from '~/features/hamburger-panel/ui/hamburger-panel';
import { HeaderSearch, MenuSearch } from '~/features/live-search/ui/header-search';
import type { MenuNode } from '~/features/menu/model';
import { MainMenu } from '~/features/menu/ui/main-menu';
import { pagePopups } from '~/features/popups/popups.server';
import { Popups } from '~/features/popups/ui/popups';
import { listenForSubscribeForms } from '~/features/subscribe/ui/subscribe-forms';
import { keepHtml, ServerHtmlBlock } from '~/lib/server-html';
import { loadLayout } from '~/pages/layout.server';
import { useAnchorScroll } from '~/pages/ui/anchor-scroll';
import { watchBehaviours } from '~/widgets/behaviours-watch';
import type { Route } from './+types/root';
import stylesheet from './styles/site.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Berita', href: '/feed/' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ footer, ...layout }, user, popups] = await Promise.all([
    loadLayout(context),
    headerUser(context, request),
    pagePopups(context, request),
  ]);
  return {
    ...layout,
    footer: footer ? { id: footer.id, block: keepHtml(context.serverHtml, footer.html) } : null,
    cspNonce: context.cspNonce,
    // Visitors' pages are cached and shared, so only a signed-in request (never cached) names anyone.
    user,
    // Every popup this viewer may see, with the pages each is placed on (issue 13): the browser picks the
    // current page's on each navigation; a page with none placed on it loads no popup code.
    popups,
  };
}

// The header and footer change only when staff edit them; page navigations need not reload them.
export function shouldRevalidate({ formMethod }: { formMethod?: string }) {
  return formMethod !== undefined && formMethod !== 'GET';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.cspNonce;
  const staffArea = useMatches().some((m) => (m.handle as { staff?: boolean } | undefined)?.staff);
  const menuJson = data?.menuJson;
  const menuItems = useMemo<MenuNode[]>(() => (menuJson ? JSON.parse(menuJson) : []), [menuJson]);
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {data ? (
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's script, its JSON made safe by inlineJson (layout.server.ts)
            dangerouslySetInnerHTML={{ __html: data.headScript }}
          />
        ) : null}
      </head>
      <body>
        {staffArea ? (
          children
        ) : (
          <PublicFrame data={data} menuItems={menuItems}>
            {children}
          </PublicFrame>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The public site's header, main area, footer and popups around a page (the staff area has its own frame). */
function PublicFrame({
  data,
  menuItems,
  children,
}: {
  data: ReturnType<typeof useRouteLoaderData<typeof loader>>;
  menuItems: MenuNode[];
  children: React.ReactNode;
}) {
  // The hamburger panel's button and the account links: in the header's row, and in the mobile menu,
  // where a phone's header, with room for the logo, the search and the menu only, shows them (issue 21).
  const extras = data ? (
    <>
      {data.hamburgerPanel ? <HamburgerPanel templateId={data.hamburgerPanel.templateId} /> : null}
      <AccountNav user={data.user} />
    </>
  ) : null;
  return (
    <>
      <a className="skip-link" href="#main">
        Langsung ke konten
      </a>
      <header className="site-header" data-sticky>
        <div className="site-header__inner">
          <a className="site-logo" href="/" rel="home">
            <span className="site-logo__mark" aria-hidden="true">
              TB
            </span>
            <span className="site-logo__text">{data?.site.title ?? 'SMP Tunas Bangsa'}</span>
          </a>
          {data ? (
            <MainMenu
              items={menuItems}
              desktop={data.desktopMenu}
              mobile={
                data.mobileMenu && {
                  menuId: data.mobileMenu.id,
                  settings: data.mobileMenu.settings,
                  search: <MenuSearch />,
                  extras,
                }
              }
            />
          ) : null}
          <HeaderSearch />
          {extras}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        {data?.footer ? (
          <div data-elementor-id={data.footer.id}>
            <ServerHtmlBlock block={data.footer.block} />
          </div>
        ) : null}
      </footer>
      {data?.popups.length ? <Popups popups={data.popups} /> : null}
    </>
  );
}

export default function App() {
  useAnchorScroll();
  useEffect(() => {
    const settings = (window as { schoolSettings?: { isMobile: boolean } }).schoolSettings;
    const query = window.matchMedia('(max-width: 767px)');
    const update = () => {
      if (settings) settings.isMobile = query.matches;
    };
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  useEffect(listenForSubscribeForms, []);
  useEffect(watchBehaviours, []);
  return <Outlet />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
