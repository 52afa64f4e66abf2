import { useEffect, useRef } from 'react';
import { endSession, userRestored } from '../features/auth/auth-state.ts';
import { parseStoredUser, readStoredUser, readToken, USER_KEY } from '../lib/session.ts';
import { useAppDispatch, useAppSelector } from '../lib/store/hooks.ts';
import { selectHasAuthUser } from '../features/auth/session.ts';
import { signedOut } from '../lib/store/session-events.ts';

/**
 * Keeps the session honest. At start-up, with a token held, it loads the current user
 * (spec §1); a 401 ends the session with one notice (the data layer's). Without a token, a stored user is
 * stale and is forgotten. Sign-ins and sign-outs in other tabs are followed.
 */
export function SessionKeeper() {
  const dispatch = useAppDispatch();
  const hasAuthUser = useAppSelector(selectHasAuthUser);
  const started = useRef(false);

  useEffect(() => {
    // Once per app, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    if (!readToken()) {
      if (hasAuthUser || readStoredUser()) dispatch(endSession('expired'));
      return;
    }
    // A server-rendered page starts signed out (the server never sees the session): the stored
    // user shows at once, until the profile answers.
    const stored = readStoredUser();
    if (!hasAuthUser && stored) dispatch(userRestored(stored));
    // The auth calls load only now: a visitor who holds no session never downloads them.
    // A refused token ends the session, with its notice, in the data layer.
    void import('../features/auth/slice.ts').then(({ fetchProfile }) => {
      // Signed out meanwhile (in another tab): no session is left to load.
      if (readToken()) void dispatch(fetchProfile());
    });
  }, [dispatch, hasAuthUser]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== null && event.key !== USER_KEY) return;
      const user = parseStoredUser(event.key === null ? null : event.newValue);
      dispatch(user ? userRestored(user) : signedOut({ reason: 'expired' }));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  return null;
}
