import { lazy, Suspense } from 'react';

// Errors are rare: their view loads when one first shows, not in every page's JavaScript (the home
// page's budget). The server renders it in full before answering (entry.server.tsx waits for all).
const ErrorView = lazy(() => import('./error-view'));

/** Every route's error view: the 404 page, or a short apology (error-view.tsx). */
export function ErrorBoundary() {
  return (
    <Suspense>
      <ErrorView />
    </Suspense>
  );
}
