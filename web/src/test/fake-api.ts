/**
 * A fake API client for component tests: routes like `'GET /product/:id'` map to handlers
 * that return the unwrapped `data` (or throw an ApiError). Every call is recorded. A call
 * no route answers is an error in the test, not an API answer: it throws, and the test
 * fails even if the app caught it (see `unstubbedRequests`), so a fake that no longer
 * matches what the app calls cannot pass unseen.
 */
import { ApiError, NETWORK_ERROR, withShorthands, type ApiClient, type ApiRequest } from '../lib/http.ts';

export interface FakeCall {
  method: ApiRequest['method'];
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
  headers: Record<string, string>;
}

export type FakeHandler = (call: FakeCall) => unknown;

export interface FakeApi extends ApiClient {
  calls: FakeCall[];
  /** Calls to one route pattern, e.g. `'GET /product'`. */
  callsTo(route: string): FakeCall[];
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

/** The calls no fake route answered in the running test; setup.ts fails the test on any. */
export const unstubbedRequests: string[] = [];

export function createFakeApi(routes: Record<string, FakeHandler> = {}): FakeApi {
  const calls: FakeCall[] = [];
  const patterns: { method: string; path: string; route: string; handler: FakeHandler }[] = Object.entries(routes).map(
    ([route, handler]) => {
      const [method, path] = route.split(' ') as [string, string];
      return { method, path, route, handler };
    },
  );

  async function request<T>(req: ApiRequest): Promise<T> {
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') query[key] = String(value);
    }
    for (const pattern of patterns) {
      if (pattern.method !== req.method) continue;
      const params = match(pattern.path, req.path);
      if (!params) continue;
      const call: FakeCall = {
        method: req.method,
        path: req.path,
        params,
        query,
        body: req.body,
        signal: req.signal,
        headers: { ...req.headers },
      };
      calls.push(call);
      return (await pattern.handler(call)) as T;
    }
    const unstubbed = `${req.method} ${req.path}`;
    unstubbedRequests.push(unstubbed);
    throw new Error(`No fake route for ${unstubbed}: the test must stub every route the app calls.`);
  }

  const client = withShorthands(request);
  return {
    ...client,
    calls,
    callsTo(route) {
      const [method, path] = route.split(' ') as [string, string];
      return calls.filter((c) => c.method === method && match(path, c.path) !== null);
    },
  };
}

/** A promise the test resolves by hand, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A route that answers with the server's refusal: its status, message and code. */
export const refuse =
  (status: number, message: string, code = 'REFUSED'): FakeHandler =>
  () => {
    throw new ApiError(message, { status, code });
  };

/** A route the request never reaches (the client's network failure). */
export const unreachable: FakeHandler = () => {
  throw new ApiError('Could not reach the server.', { status: 0, code: NETWORK_ERROR });
};
