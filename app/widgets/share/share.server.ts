import { getSiteOptions } from '~/content/options.server';
import { env } from '~/lib/env.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { ShareSettings } from './settings';
import type { ShareButtonsProps } from './share-buttons';

/**
 * The share buttons' props: the page's canonical address (SITE_URL, else the request's origin, as the
 * page's own `<link rel="canonical">`; its first page) and its title (the site's for the front page, as
 * its `<title>`). A template (a popup, a panel) does not know the page it is shown on: the browser
 * then shares that page's canonical address and title (`followPage`).
 */
export async function loadShare(s: ShareSettings, ctx: WidgetLoadContext): Promise<WidgetData<ShareButtonsProps>> {
  const origin = env().SITE_URL ?? ctx.url?.origin ?? '';
  const [options, row] = await Promise.all([
    getSiteOptions(ctx.db),
    ctx.db.selectFrom('post').select('title').where('id', '=', ctx.postId).executeTakeFirst(),
  ]);
  const title = ctx.postId === options.pageOnFront ? options.site.title : (row?.title ?? options.site.title);
  const own = s.url ? (s.url.startsWith('/') ? origin + s.url : s.url) : null;
  return {
    props: {
      label: s.label,
      url: own ?? origin + ctx.basePath,
      title,
      networks: s.networks,
      copyLink: s.copyLink,
      print: s.print,
      followPage: own === null && ctx.url === null,
    },
  };
}
