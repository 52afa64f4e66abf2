import { useHasStoredUser } from '../../lib/session.ts';
import { useAppSelector } from '../../lib/store/hooks.ts';
import type { RootState } from '../../lib/store/store.ts';
import { selectUser } from './auth-state.ts';

export const selectHasAuthUser = (state: RootState) => selectUser(state) !== null;

/** Signed in is judged from the auth user or a user stored in localStorage (spec §2). */
export function useIsSignedIn(): boolean {
  const hasAuthUser = useAppSelector(selectHasAuthUser);
  const hasStoredUser = useHasStoredUser();
  return hasAuthUser || hasStoredUser;
}
