import type { FilterGroupState } from '~/features/filters/model';
import type { HtmlRef } from '~/lib/server-html';
import type { ListingGridSettings } from './settings';

/** What the grid's loader gives its component (registry.server.ts), the grid's and the slider's chunks alike. */
export interface ListingGridProps {
  settings: ListingGridSettings;
  /** Key of the server-rendered items of the first page shown (lib/server-html). */
  firstPage: HtmlRef;
  count: number;
  page: number;
  pages: number;
  postId: number;
  elementId: string;
  basePath: string;
  /** `--cols-xs` … `--cols-xxl` (model.ts `columnVars`), computed on the server. */
  columnVars: Record<string, number>;
  /** Infinite scroll's IntersectionObserver margin (model.ts `loadMoreRootMargin`). */
  rootMargin: string;
  /** The items show as a slider (a carousel with two items or more). */
  carousel: boolean;
  /** The filter group, when smart filters name the grid (its query id). */
  filterGroup?: FilterGroupState | null;
}
