import {
  type ContentRow,
  describeContent,
  findContent,
  findContentById,
  loadSinglePost,
} from '~/content/content.server';
import { largestUrl } from '~/content/media';
import { getSiteOptions } from '~/content/options.server';
import { withSeoMeta } from '~/content/seo';
import { type Element, walkTree } from '~/content/tree';
import { parseTree } from '~/content/tree.server';
import type { Db, Dialect } from '~/db';
import { loadPostReviews } from '~/features/reviews/loaders.server';
import { reviewFormStatusOf, reviewsPageOf } from '~/features/reviews/model';
import { NotFound } from '~/lib/errors';
import { pagePath } from '~/lib/paging';
import type { ServerHtml } from '~/lib/server-html';
import type { SessionUser } from '~/lib/user';
import { editControl } from '~/pages/edit-control.server';
import { listingTermLinks, loadGalleryView } from '~/widgets/gallery-slider/gallery.server';
import { loadPostsList } from '~/widgets/posts/posts.server';
import type { PostsListProps } from '~/widgets/posts/posts-list';
import { postsListSettings } from '~/widgets/posts/settings';
import type { PageView } from './model';
import { toRenderedNodes } from './render.server';
import { readSeoMeta } from './seo.server';
import { loadTree } from './tree.server';

export interface ViewContext {
  db: Db;
  dialect: Dialect;
  /** Site origin for canonical addresses, e.g. https://smptunasbangsa.sch.id */
  origin: string;
  /** The request's address: filter state is read from it (plain, permalink or legacy form). */
  url: URL;
  serverHtml: ServerHtml | null;
  /** The signed-in visitor (reviews show their own state and moderation); null for anonymous visitors. */
  user: SessionUser | null;
}

/** `/` and `/page/{n}/`: the front page tree, or search results for `?s=`. */
export async function frontPageView(ctx: ViewContext, page: number): Promise<PageView> {
  const s = ctx.url.searchParams.get('s');
  if (s !== null) return searchView(ctx, s, page);
  const settings = await getSiteOptions(ctx.db);
  const front = settings.pageOnFront ? await findContentById(ctx.db, settings.pageOnFront) : undefined;
  if (!front) throw new NotFound();
  return treeView(ctx, front, page, '/', true);
}

/** `/{slug}/` and `/{slug}/page/{n}/`: a page (tree) or a post. */
export async function contentView(ctx: ViewContext, slug: string, page: number): Promise<PageView> {
  const row = await findContent(ctx.db, slug);
  if (!row) throw new NotFound();
  const settings = await getSiteOptions(ctx.db);
  // The front page lives at / only.
  if (row.id === settings.pageOnFront) throw new NotFound();
  if (row.tree) return treeView(ctx, row, page, `/${slug}/`, false);
  if (page > 1) throw new NotFound('page_out_of_range');
  return postView(ctx, row);
}

/** `/galeri/{slug}/` and `/ekskul/{slug}/`: one gallery item or extracurricular activity. */
export async function galleryItemView(ctx: ViewContext, slug: string, type: 'galeri' | 'ekskul'): Promise<PageView> {
  const row = await findContent(ctx.db, slug, type);
  if (!row) throw new NotFound();
  const view = await postView(ctx, row);
  if (type !== 'galeri' || view.kind !== 'post') return view;
  // A gallery item shows all its photos; its categories lead to the gallery filtered by each.
  const { summary } = view.post;
  const [gallery, categoryLinks] = await Promise.all([
    loadGalleryView(ctx.db, summary),
    listingTermLinks(ctx.db, 'galeri', 'kategori-galeri', summary.categories, '/galeri/'),
  ]);
  return { ...view, gallery, categoryLinks };
}

/** `/category/{slug}/` and `/tag/{slug}/` with paging: the news of one term. */
export async function archiveView(
  ctx: ViewContext,
  taxonomy: 'category' | 'post_tag',
  slug: string,
  page: number,
): Promise<PageView> {
  const term = await ctx.db
    .selectFrom('term')
    .select(['name', 'description'])
    .where('taxonomy', '=', taxonomy)
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!term) throw new NotFound();
  const base = `/${taxonomy === 'category' ? 'category' : 'tag'}/${slug}/`;
  const settings = await getSiteOptions(ctx.db);
  const list = await postsList(ctx, {
    page,
    basePath: base,
    perPage: settings.postsPerPage,
    types: ['post'],
    ...(taxonomy === 'category' ? { category: slug } : { tag: slug }),
  });
  const heading = taxonomy === 'category' ? `Kategori: ${term.name}` : `Tag: ${term.name}`;
  return {
    kind: 'list',
    heading,
    intro: term.description,
    search: null,
    list,
    seo: {
      title: page > 1 ? `${heading} – Halaman ${page}` : heading,
      description: term.description || `Berita SMP dalam ${heading.toLowerCase()}.`,
      canonical: ctx.origin + pagePath(base, page),
      type: 'website',
    },
  };
}

/** `/?s=word`: the post query (post, page, e-landing-page), 10 per page, newest first (spec 000 §1). */
async function searchView(ctx: ViewContext, text: string, page: number): Promise<PageView> {
  const s = text.trim().slice(0, 200);
  const settings = await getSiteOptions(ctx.db);
  const list =
    s.length === 0
      ? null
      : await postsList(ctx, {
          page,
          basePath: '/',
          perPage: settings.postsPerPage,
          types: ['post', 'page', 'e-landing-page'],
          search: s,
        });
  return {
    kind: 'list',
    heading: s ? `Hasil pencarian: ${s}` : 'Pencarian',
    intro: '',
    search: s,
    list,
    seo: {
      title: s ? `Hasil pencarian untuk “${s}”` : 'Pencarian',
      description: `Pencarian di ${settings.site.title}.`,
      canonical: `${ctx.origin}/?s=${encodeURIComponent(s)}`,
      type: 'website',
      noindex: true,
    },
  };
}

async function postsList(
  ctx: ViewContext,
  q: {
    page: number;
    basePath: string;
    perPage: number;
    types: Array<'post' | 'page' | 'e-landing-page'>;
    category?: string;
    tag?: string;
    search?: string;
  },
): Promise<PostsListProps> {
  const settings = postsListSettings.parse({
    postTypes: q.types,
    perPage: q.perPage,
    category: q.category,
    tag: q.tag,
    columns: 2,
    titleLevel: 2,
  });
  const data = await loadPostsList(settings, {
    db: ctx.db,
    dialect: ctx.dialect,
    page: q.page,
    postId: 0,
    elementId: 'archive',
    search: q.search,
    serverHtml: ctx.serverHtml,
  });
  if (data.notFound) throw new NotFound('page_out_of_range');
  return { ...data, basePath: q.basePath, search: q.search ? `?s=${encodeURIComponent(q.search)}` : '' };
}

async function treeView(
  ctx: ViewContext,
  row: ContentRow,
  page: number,
  basePath: string,
  isFront: boolean,
): Promise<PageView> {
  const [settings, edit] = await Promise.all([
    getSiteOptions(ctx.db),
    // Staff who may edit the page see "Ubah halaman" above it (issue 22): HTML, no code for the browser.
    editControl(ctx.db, ctx.serverHtml, ctx.user, row),
  ]);
  const loaded = await loadTree(parseTree(row.tree), {
    db: ctx.db,
    dialect: ctx.dialect,
    postId: row.id,
    page,
    basePath,
    url: ctx.url,
    serverHtml: ctx.serverHtml,
  });
  return {
    kind: 'tree',
    title: row.title,
    // The page's own h1, unless its content starts with one (one h1 per page).
    showTitle: !isFront && !hasMainHeading(loaded.tree),
    postId: row.id,
    nodes: [...(edit ? [{ t: 'html' as const, block: edit }] : []), ...toRenderedNodes(loaded, ctx.serverHtml)],
    seo: {
      title: isFront ? settings.site.title : page > 1 ? `${row.title} – Halaman ${page}` : row.title,
      description: describeContent(row, settings.site.description),
      canonical: ctx.origin + pagePath(basePath, page),
      type: 'website',
    },
  };
}

function hasMainHeading(tree: Element[]): boolean {
  for (const el of walkTree(tree)) if (el.widget === 'heading' && el.settings.level === 1) return true;
  return false;
}

async function postView(ctx: ViewContext, row: ContentRow): Promise<PageView> {
  const [post, settings, { reviews, simpleReview }, seoMeta, edit] = await Promise.all([
    loadSinglePost(ctx.db, row),
    getSiteOptions(ctx.db),
    loadPostReviews(ctx.db, {
      postId: row.id,
      user: ctx.user,
      page: reviewsPageOf(ctx.url.searchParams.get('ulasan')),
      formStatus: reviewFormStatusOf(ctx.url.searchParams.get('ulasan_status')),
    }),
    // The post's own SEO title and description, when staff wrote them (issue 14).
    readSeoMeta(ctx.db, row.id),
    // "Ubah berita" for staff who may edit this post (issue 22).
    editControl(ctx.db, ctx.serverHtml, ctx.user, row),
  ]);
  const image = post.summary.image;
  return {
    kind: 'post',
    post,
    reviews,
    simpleReview,
    ...(edit ? { edit } : {}),
    seo: withSeoMeta(
      {
        title: row.title,
        description: describeContent(row, settings.site.description),
        canonical: ctx.origin + post.summary.url,
        type: 'article',
        image: image ? ctx.origin + largestUrl(image, 'jpg') : undefined,
        publishedAt: row.published_at,
      },
      seoMeta,
      settings.site.title,
    ),
  };
}
