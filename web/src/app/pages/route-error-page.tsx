import { isRouteErrorResponse, useRouteError } from 'react-router';
import { STORE_NAME, pageTitle } from '../../lib/brand.ts';

/** Shown when rendering a route throws: no layout (it may be what failed), just a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-paper px-4 text-center">
      <title>{pageTitle('Something went wrong')}</title>
      <p className="font-display text-2xl tracking-[0.18em]">{STORE_NAME}</p>
      <h1 className="mt-8 font-display text-3xl">Something went wrong</h1>
      <p className="mt-3 max-w-md text-muted">
        Sorry, this page could not be shown{detail ? ` (${detail})` : ''}. Please reload, or start again from the home
        page.
      </p>
      <a
        href="/"
        className="mt-8 inline-flex h-11 items-center rounded-full bg-ink px-6 text-sm font-medium text-white hover:bg-ink-soft"
      >
        Back to home
      </a>
    </main>
  );
}
