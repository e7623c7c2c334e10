import { listPosts } from '~/content/posts.server';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { TickerSettings } from './settings';
import type { TickerProps } from './ticker';

/** The ticker's titles: the latest published news (of its category, when it names one), newest first. */
export async function loadTicker(s: TickerSettings, ctx: WidgetLoadContext): Promise<WidgetData<TickerProps>> {
  const { items } = await listPosts(ctx.db, ctx.dialect, {
    types: ['post'],
    terms: s.category ? [{ taxonomy: 'category', slug: s.category }] : undefined,
    page: 1,
    perPage: s.postsCount,
  });
  return {
    props: {
      settings: s,
      items: items.map((p) => ({ id: p.id, title: p.title, url: p.url, publishedAt: p.publishedAt })),
      elementId: ctx.elementId,
    },
  };
}
