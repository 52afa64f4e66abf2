import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { failureFor, isAbortError, type ApiClient, type RequestFailure } from '../../../lib/http.ts';
import { useApiClient } from './use-api-client.ts';

export interface AdminResource<T> {
  /** The last answer for this key; kept while a reload runs, so the page does not flash. */
  data: T | null;
  /** Why the last load failed (the server's message, else the fallback); null after a success. */
  error: RequestFailure | null;
  /** True while a load for the current key (or a reload) is on its way. */
  loading: boolean;
  /** Loads again, e.g. after a change; the current data stays on screen until the answer. */
  reload: () => void;
}

export interface AdminResourceOptions {
  /** Shown when the failure carries no message from the server. */
  fallbackMessage?: string;
  /** Keep showing the previous key's data while the new key loads (lists paging, filters). */
  keepPreviousData?: boolean;
}

interface Settled<T> {
  /** The key and reload count the answer belongs to. */
  request: string;
  key: string;
  data: T | null;
  error: RequestFailure | null;
}

const defaultFallback = 'Something went wrong. Please try again.';

/**
 * Loads one thing for a staff page with the store's API client and keeps it in component
 * state (staff data has no place in the shop's store). `key` names what is loaded: a new key
 * loads again, and the request for the old one is aborted, as it is on unmount. `load` may
 * change on every render; only the key decides when to load.
 */
export function useAdminResource<T>(
  key: string,
  load: (api: ApiClient, signal: AbortSignal) => Promise<T>,
  { fallbackMessage = defaultFallback, keepPreviousData = false }: AdminResourceOptions = {},
): AdminResource<T> {
  const api = useApiClient();
  const [reloads, setReloads] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const request = `${reloads}:${key}`;
  const run = useEffectEvent((signal: AbortSignal) => load(api, signal));
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, key, data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        // A failed reload keeps what was shown for this key: the error box sits beside it.
        setSettled((previous) => ({
          request,
          key,
          data: previous?.key === key ? previous.data : null,
          error: failureFor(error, fallbackMessage),
        }));
      },
    );
    return () => controller.abort();
  }, [request, key, fallbackMessage]);

  const sameKey = settled?.key === key;
  return {
    data: sameKey || keepPreviousData ? (settled?.data ?? null) : null,
    error: sameKey ? settled.error : null,
    loading: settled?.request !== request,
    reload,
  };
}
