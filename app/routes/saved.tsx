import { routeMeta } from '~/content/seo';
import { storeFromForm, storePage } from '~/features/stores/pages.server';
import { SavedPage } from '~/features/stores/ui/store-pages';
import { answerPost, NO_STORE, visitOf } from '~/lib/route.server';
import type { Route } from './+types/saved';

/** The saved items page (issue 13): the visitor's favourites; store buttons post here without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return storePage(
    context.db,
    { request, ...(await visitOf(context, request)) },
    {
      path: '/simpanan/',
      title: 'Simpanan Anda',
      description: 'Berita dan kegiatan yang Anda simpan di situs SMP Tunas Bangsa.',
      slugs: ['favorit', 'banding'],
    },
  );
}

// A store button without JavaScript: 303 back to the store's page, which is one visitor's (no-store).
export function action({ request, context }: Route.ActionArgs) {
  return answerPost(
    request,
    async (fields) => storeFromForm(context.db, { request, user: await context.userOf(request) }, fields),
    { redirectHeaders: NO_STORE },
  );
}

// One visitor's stores: never kept by the page cache or a shared proxy.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = routeMeta;

export default function Saved({ loaderData }: Route.ComponentProps) {
  return <SavedPage page={loaderData} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
