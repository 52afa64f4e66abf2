/**
 * The door to the staff area: a chunk of its own, loaded with the `/admin` route. It imports
 * no staff code: the staff pages are only downloaded once this lets an admin through.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { pageTitle } from '../../lib/brand.ts';
import { useAppSelector } from '../../lib/store/hooks.ts';
import { selectUser, useIsSignedIn } from '../auth/index.ts';
import { buttonClass } from '../../components/button.ts';
import { Spinner } from '../../components/spinner.tsx';

const AdminRoutes = lazy(async () => ({ default: (await import('./admin-routes.tsx')).AdminRoutes }));

/** The `/admin/*` route: the staff pages, behind the door. */
export function AdminArea() {
  return (
    <RequireAdmin>
      <AdminRoutes />
    </RequireAdmin>
  );
}

/** A visitor is sent to sign in (and comes back after); a shopper is told no, and nothing loads. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const isAdmin = useAppSelector((state) => selectUser(state)?.role === 'admin');
  const location = useLocation();

  if (!signedIn) {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!isAdmin) return <NoAccess />;
  return (
    <Suspense
      fallback={
        <div role="status" className="flex items-center justify-center gap-3 py-24">
          <Spinner size={28} />
          <span className="text-sm text-muted">Loading…</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function NoAccess() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle('No access')}</title>
      <h1 className="font-display text-3xl sm:text-4xl">You do not have access to this page.</h1>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  );
}
