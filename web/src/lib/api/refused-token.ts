/**
 * For calls outside the data layer's endpoints (files sent or fetched): a 401 to a signed-in
 * caller ends the session as the base query does for every other call.
 */
import { useCallback } from 'react';
import { ApiError } from '../http.ts';
import { readToken } from '../session.ts';
import { useAppDispatch } from '../store/hooks.ts';
import { endRefusedSession } from './base-query.ts';

export function useRefusedTokenEndsSession(): (error: unknown) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (error: unknown) => {
      // These transfers send the stored token (`readToken`), so that is the one refused.
      if (error instanceof ApiError && error.status === 401 && readToken()) endRefusedSession(dispatch, error.message);
    },
    [dispatch],
  );
}
