import { useAppDispatch } from './hooks.ts';
import type { AppDispatch } from './store.ts';
import type { ApiClient } from '../http.ts';

/**
 * The store's API client (the one thunks receive), for a request whose answer the store does
 * not keep (search suggestions as they are typed). Tests inject a fake through the store.
 */
export function useApiClient(): ApiClient {
  const dispatch = useAppDispatch();
  return (dispatch as AppDispatch)((_dispatch, _getState, extra) => extra.api);
}
