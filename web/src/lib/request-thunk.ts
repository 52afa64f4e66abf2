import type { ApiClient, RequestFailure } from './http.ts';
import { createAppAsyncThunk } from './store/hooks.ts';

/**
 * A thunk that makes one request with the store's API client (and the thunk's abort signal):
 * it fulfils with the answer, or rejects with the failure `toFailure` makes of the error.
 */
export function requestThunk<Arg, Result>(
  type: string,
  toFailure: (error: unknown) => RequestFailure,
  run: (api: ApiClient, arg: Arg, signal: AbortSignal) => Promise<Result>,
) {
  return createAppAsyncThunk(type, async (arg: Arg, { extra, signal, rejectWithValue }) => {
    try {
      return await run(extra.api, arg, signal);
    } catch (error) {
      return rejectWithValue(toFailure(error));
    }
  });
}
