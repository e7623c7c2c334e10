import { routeMeta } from '~/content/seo';
import { storePage } from '~/features/stores/pages.server';
import { NO_STORE, visitOf } from '~/lib/route.server';
import { describeEkskul } from '~/widgets/listing-grid/listing-grid.server';
import { ComparePage } from '~/widgets/store-compare/compare-table';
import type { Route } from './+types/compare';

/** The compare page (issue 13): the activities in the visitor's compare store, side by side. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await storePage(
    context.db,
    { request, ...(await visitOf(context, request)) },
    {
      path: '/bandingkan/',
      title: 'Bandingkan ekstrakurikuler',
      description: 'Kegiatan ekstrakurikuler pilihan Anda, berdampingan: hari, jam, biaya, tempat, dan penilaian.',
      slugs: ['banding'],
    },
  );
  return { page, items: await describeEkskul(context.db, page.stores[0]?.posts ?? []) };
}

// A store button without JavaScript posts here as on the saved page, and is answered the same way.
export { action } from './saved';

// One visitor's stores: never kept by the page cache or a shared proxy.
export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ data, matches }) => routeMeta({ data: data?.page, matches });

export default function Compare({ loaderData }: Route.ComponentProps) {
  return <ComparePage page={loaderData.page} items={loaderData.items} />;
}

export { ErrorBoundary } from '~/ui/error-boundary';
