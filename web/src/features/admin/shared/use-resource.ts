import type { RequestFailure } from '../../../lib/api/failure.ts';

/** What a staff page shows of one query: the shape `ResourceView` and the pages read. */
export interface AdminResource<T> {
  /** The last answer; null while there is none to show. */
  data: T | null;
  /** Why the last load failed (the server's message, else the fallback); null after a success. */
  error: RequestFailure | null;
  /** True while a load (or a reload) is on its way. */
  loading: boolean;
  /** Loads again; the current data stays on screen until the answer. */
  reload: () => void;
}

/** The parts of an RTK Query hook's result a staff page reads. */
interface QueryResult<T> {
  data?: T;
  currentData?: T;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A query hook's result as a staff page reads it. `keepPreviousData` keeps the previous
 * argument's answer on screen while the new one loads (lists paging, filters); otherwise
 * only the answer to the current argument shows. A failed reload keeps what was shown.
 */
export function asResource<T>(result: QueryResult<T>, { keepPreviousData = false } = {}): AdminResource<T> {
  return {
    data: (keepPreviousData ? result.data : result.currentData) ?? null,
    error: result.isError ? (result.error as RequestFailure) : null,
    loading: result.isFetching,
    reload: () => void result.refetch(),
  };
}
