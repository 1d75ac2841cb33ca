import { isResponseError } from './api-client';

export type ApiError = {
  /** HTTP status, 0 when the server was not reached. */
  status: number;
  /** One line for a toast or an alert. */
  message: string;
  /** Field name → message, from PocketBase's `data` object; empty when none. */
  fieldErrors: Record<string, string>;
};

const FALLBACK = 'Something went wrong. Please try again.';

/**
 * The one mapping from a thrown error to what a form shows: PocketBase's
 * `{status, message, data: {field: {code, message}}}` body, or a generic message.
 */
export function parseApiError(error: unknown, fallback = FALLBACK): ApiError {
  if (isResponseError(error)) {
    const body = error.response as { message?: unknown; data?: unknown };
    const fieldErrors: Record<string, string> = {};
    if (body.data && typeof body.data === 'object') {
      for (const [field, value] of Object.entries(body.data as Record<string, unknown>)) {
        const msg = (value as { message?: unknown } | null)?.message;
        if (typeof msg === 'string' && msg) fieldErrors[field] = msg;
      }
    }
    if (error.status === 0) {
      return { status: 0, message: 'Could not reach the server.', fieldErrors };
    }
    const message = typeof body.message === 'string' && body.message ? body.message : fallback;
    return { status: error.status, message, fieldErrors };
  }
  if (error instanceof Error && error.message) {
    return { status: 0, message: error.message, fieldErrors: {} };
  }
  return { status: 0, message: fallback, fieldErrors: {} };
}

export const isNotFound = (error: unknown) =>
  isResponseError(error) && error.status === 404;
