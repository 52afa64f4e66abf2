/**
 * The SPA's one way to talk to the API. It speaks JSON, adds the bearer token held in
 * localStorage, unwraps the `{ success: true, data }` envelope and turns every failure into
 * an `ApiError` carrying the server's `message` and `code`. The data layer (`api/`) calls it
 * with the token the auth state holds.
 */
import { readToken } from './session.ts';

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const BAD_RESPONSE = 'BAD_RESPONSE';

const networkFallback = 'Could not reach the server. Please check your connection and try again.';
const badResponseFallback = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The server's stable code (`NOT_FOUND`, `OUT_OF_STOCK`, …) or one of ours. */
  readonly code: string;
  readonly issues: readonly { path: string; message: string }[];
  /** What the refusal is about, when the server sends it (CART_CHANGED: the cart as it is now). */
  readonly data: unknown;

  constructor(
    message: string,
    options: { status: number; code: string; issues?: readonly { path: string; message: string }[]; data?: unknown },
  ) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues ?? [];
    this.data = options.data;
  }

  /** True when the message came from the server (not one of the client's fallbacks). */
  get fromServer(): boolean {
    return this.code !== NETWORK_ERROR && this.code !== BAD_RESPONSE;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
  /** Send the bearer token when one is held (default true). */
  auth?: boolean;
  /** The token to send; without it, the client's own `getToken` is asked. */
  token?: string | null;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiRequest extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** What thunks receive as `extra.api`; tests pass a fake with the same shape. */
export interface ApiClient {
  request<T>(request: ApiRequest): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Adds the method shorthands to a single `request` function. */
export function withShorthands(request: <T>(r: ApiRequest) => Promise<T>): ApiClient {
  return {
    request,
    get: (path, options) => request({ ...options, method: 'GET', path }),
    post: (path, body, options) => request({ ...options, method: 'POST', path, body }),
    put: (path, body, options) => request({ ...options, method: 'PUT', path, body }),
    patch: (path, body, options) => request({ ...options, method: 'PATCH', path, body }),
    delete: (path, options) => request({ ...options, method: 'DELETE', path }),
  };
}

export function buildQuery(query: Readonly<Record<string, QueryValue>> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}

/** Where the API lives: the same origin under /api, unless VITE_API_BASE says otherwise. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');

/** An API address for a full browser navigation (not a fetch), e.g. the start of Google sign-in. */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** What the client reads of an answer: `fetch`'s Response, or the server renderer's lighter one. */
export interface FetchedAnswer {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}

/** The part of `fetch` the client uses. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined; signal: AbortSignal | undefined },
) => Promise<FetchedAnswer>;

interface ClientConfig {
  baseUrl?: string;
  fetch?: FetchLike;
  getToken?: () => string | null;
}

export function createApiClient(config: ClientConfig = {}): ApiClient {
  const baseUrl = (config.baseUrl ?? API_BASE).replace(/\/+$/, '');
  const getToken = config.getToken ?? readToken;

  async function request<T>({
    method,
    path,
    body,
    query,
    signal,
    auth = true,
    headers: extra,
    token: given,
  }: ApiRequest): Promise<T> {
    const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = !auth ? null : given !== undefined ? given : getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const doFetch: FetchLike = config.fetch ?? globalThis.fetch;
    let response: FetchedAnswer;
    try {
      response = await doFetch(`${baseUrl}${path}${buildQuery(query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw new ApiError(networkFallback, { status: 0, code: NETWORK_ERROR });
    }

    let payload: unknown = undefined;
    try {
      const text = await response.text();
      payload = text ? JSON.parse(text) : undefined;
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      payload = undefined;
    }

    if (isEnvelope(payload)) {
      if (payload.success === true && response.ok) return payload.data as T;
      if (payload.success === false) {
        const message = typeof payload.message === 'string' ? payload.message.trim() : '';
        throw new ApiError(message || badResponseFallback, {
          status: response.status,
          code: typeof payload.code === 'string' ? payload.code : `HTTP_${response.status}`,
          issues: Array.isArray(payload.issues) ? payload.issues : [],
          data: payload.data,
        });
      }
    }
    if (response.ok && response.status === 204) return undefined as T;
    throw new ApiError(badResponseFallback, {
      status: response.status,
      code: BAD_RESPONSE,
    });
  }

  return withShorthands(request);
}

interface Envelope {
  success: boolean;
  data?: unknown;
  message?: unknown;
  code?: unknown;
  issues?: { path: string; message: string }[];
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).success === 'boolean';
}

/** The message to show for a failed call: the server's own words, else the spec's fallback. */
export function messageFor(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}

/** The client the running app uses. */
export const api: ApiClient = createApiClient();
