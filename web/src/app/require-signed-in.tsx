import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsSignedIn } from '../features/auth/session.ts';

/** Pages for signed-in shoppers: a visitor is sent to sign in, and comes back after. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}
