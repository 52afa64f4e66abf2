import { useHasStoredUser } from '../lib/session.ts';
import { useAppSelector } from './hooks.ts';
import type { RootState } from './store.ts';

export const selectHasAuthUser = (state: RootState) => state.auth.user !== null;

/** Signed in is judged from the auth user or a user stored in localStorage (spec §2). */
export function useIsSignedIn(): boolean {
  const hasAuthUser = useAppSelector(selectHasAuthUser);
  const hasStoredUser = useHasStoredUser();
  return hasAuthUser || hasStoredUser;
}
