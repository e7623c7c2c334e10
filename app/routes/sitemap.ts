import { siteOrigin } from '~/lib/route.server';
import { sitemapXml } from '~/pages/seo.server';
import type { Route } from './+types/sitemap';

export async function loader({ request, context }: Route.LoaderArgs) {
  return new Response(await sitemapXml(context.db, siteOrigin(request)), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
