import type PocketBase from 'pocketbase';
import { getAuthToken } from './auth';

/** A failed API call: PocketBase's `{status, message, data}` body, status 0 when the server was not reached. */
export class ResponseError extends Error {
  readonly url: string;
  readonly status: number;
  readonly response: Record<string, unknown>;

  constructor(url: string, status: number, response: Record<string, unknown>, options?: { cause?: unknown }) {
    const message = typeof response.message === 'string' && response.message ? response.message : 'Something went wrong.';
    super(message, options);
    this.name = 'ResponseError';
    this.url = url;
    this.status = status;
    this.response = response;
  }
}

export const isResponseError = (error: unknown): error is ResponseError => error instanceof ResponseError;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as the query string; null and undefined values are left out. */
  query?: QueryParams;
  /** FormData goes as multipart, anything else as JSON. */
  body?: FormData | object;
  cache?: RequestCache;
  signal?: AbortSignal;
};

/**
 * One same-origin API call through `fetch`, as the SDK's `send` makes it: the session's
 * token in Authorization, the JSON answer back, a ResponseError for any status >= 400.
 */
export async function api<T>(path: string, { method = 'GET', query, body, cache, signal }: RequestOptions = {}): Promise<T> {
  // Absolute, as the SDK built it: the API is this origin's.
  const target = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) target.searchParams.append(key, String(value));
  }
  const url = target.href;
  const headers: Record<string, string> = {};
  const token = getAuthToken();
  if (token) headers.Authorization = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload, cache, signal });
  } catch (error) {
    throw new ResponseError(url, 0, {}, { cause: error });
  }
  const data: unknown = res.status === 204 ? {} : await res.json().catch(() => ({}));
  if (!res.ok) throw new ResponseError(url, res.status, data && typeof data === 'object' ? (data as Record<string, unknown>) : {});
  return data as T;
}

/**
 * Runs `call` with the PocketBase SDK, loading it on first use (sign-in, account forms,
 * realtime); its ClientResponseError comes out as a ResponseError like `api()`'s.
 */
export async function withPocketBase<T>(call: (pb: PocketBase) => Promise<T>): Promise<T> {
  const { pb, ClientResponseError } = await import('./pocketbase');
  try {
    return await call(pb);
  } catch (error) {
    if (error instanceof ClientResponseError) {
      throw new ResponseError(error.url, error.status, error.response, { cause: error });
    }
    throw error;
  }
}
