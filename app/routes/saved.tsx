import { routeMeta } from '~/content/seo';
import { storeFromForm, storePage } from '~/features/stores/pages.server';
import { SavedPage } from '~/features/stores/ui/store-pages';
import type { Route } from './+types/saved';

/** The saved items page (issue 13): the visitor's favourites; store buttons post here without JavaScript. */
export function loader({ request, context }: Route.LoaderArgs) {
  return storePage(context, request, {
    path: '/simpanan/',
    title: 'Simpanan Anda',
    description: 'Berita dan kegiatan yang Anda simpan di situs SMP Tunas Bangsa.',
    slugs: ['favorit', 'banding'],
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return storeFromForm(context, request);
}

// One visitor's stores: never kept by the page cache or a shared proxy.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = routeMeta;

export default function Saved({ loaderData }: Route.ComponentProps) {
  return <SavedPage page={loaderData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
