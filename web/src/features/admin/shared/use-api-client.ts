import { useAppDispatch } from '../../../app/hooks.ts';
import type { AppDispatch } from '../../../app/store.ts';
import type { ApiClient } from '../../../lib/http.ts';

/**
 * The store's API client (the one thunks receive), for staff pages that keep their data in
 * component state rather than in the shop's store. Tests inject a fake through the store.
 */
export function useApiClient(): ApiClient {
  const dispatch = useAppDispatch();
  return (dispatch as AppDispatch)((_dispatch, _getState, extra) => extra.api);
}
