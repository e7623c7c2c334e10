import type { SinglePost } from '~/content/posts';
import type { Seo } from '~/content/seo';
import type { MenuSettings } from '~/features/menu/settings';
import type { ReviewsWidgetData, SimpleReviewData } from '~/features/reviews/model';
import type { HtmlRef } from '~/lib/server-html';
import type { GalleryView, TermLink } from '~/widgets/gallery-slider/model';
import type { PostsListProps } from '~/widgets/posts/posts-list';
import type { FrameView } from './frame';

/** The page settings object of spec 000 §3, given to the original-style clients as a global. */
export interface PageSettingsObject {
  version: string;
  ajaxurl: string;
  isMobile: boolean;
  restUrls: { templateContent: string; blocksTemplateContent: string; menuItems: string };
  /** Empty on cached pages: the client fetches one with `action=rest-nonce` (call 13). */
  restNonce: string;
  devMode: boolean;
  wpmlLanguageCode: string | false;
  menuSettings: { menuId: number | null; mobileMenuId: number | null; menuLayout: string; menuPosition: string };
}

export function pageSettingsObject(opts: {
  version: string;
  devMode: boolean;
  language: string;
  menuId: number | null;
  /** The main menu's mobile settings (layout and position), null without a main menu. */
  mobile?: Pick<MenuSettings['mobile'], 'menuLayout' | 'menuPosition'> | null;
}): PageSettingsObject {
  return {
    version: opts.version,
    ajaxurl: '/wp-admin/admin-ajax.php',
    // Decided in the browser (matchMedia): a user-agent guess would be cached wrong (original-wire.md §9.6).
    isMobile: false,
    restUrls: {
      templateContent: '/wp-json/jet-menu-api/v2/get-elementor-template-content',
      blocksTemplateContent: '/wp-json/jet-menu-api/v2/get-blocks-template-content',
      menuItems: '/wp-json/jet-menu-api/v2/get-menu-items',
    },
    restNonce: '',
    devMode: opts.devMode,
    wpmlLanguageCode: opts.language || false,
    menuSettings: {
      menuId: opts.menuId,
      mobileMenuId: opts.menuId,
      menuLayout: opts.mobile?.menuLayout ?? 'slide-out',
      menuPosition: opts.mobile?.menuPosition ?? 'right',
    },
  };
}

/** JSON safe to place inside an inline <script> (no `</script>` or `<!--` can close it). */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page tree as the browser gets it: parts without interactive widgets arrive as server-rendered
 * HTML, so only the interactive widgets carry props to hydrate.
 */
export type RenderedNode =
  | { t: 'html'; block: HtmlRef }
  | { t: 'section' | 'column'; id: string; frame: FrameView; children: RenderedNode[] }
  | { t: 'widget'; id: string; widget: string; props: unknown };

/** Everything a public page shows in its main area, as one of three kinds. */
export type PageView =
  | { kind: 'tree'; title: string; showTitle: boolean; postId: number; nodes: RenderedNode[]; seo: Seo }
  | {
      kind: 'post';
      post: SinglePost;
      /** the full reviews widget (post types with reviews: news, extracurricular activities) */
      reviews: ReviewsWidgetData | null;
      /** the simple review widget (gallery items) */
      simpleReview: SimpleReviewData | null;
      /** A gallery item's photos (its slider), absent for other posts. */
      gallery?: GalleryView;
      /** The categories' links when they lead somewhere other than the category archive (a filtered gallery). */
      categoryLinks?: TermLink[];
      /** "Ubah berita" for staff who may edit the post (issue 22), shown by the content route only. */
      edit?: HtmlRef;
      seo: Seo;
    }
  | { kind: 'list'; heading: string; intro: string; search: string | null; list: PostsListProps | null; seo: Seo };
