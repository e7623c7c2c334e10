import { siteOrigin } from '~/lib/route.server';
import { rssFeed } from '~/pages/seo.server';
import type { Route } from './+types/feed';

export async function loader({ request, context }: Route.LoaderArgs) {
  return new Response(await rssFeed(context.db, siteOrigin(request)), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}
