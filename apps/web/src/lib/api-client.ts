import type { z } from 'zod';

/**
 * The one way the web app talks to the server: every failure becomes an ApiError
 * with the HTTP status and a readable message. The session lives in an HttpOnly cookie, so
 * requests only need `credentials: 'same-origin'`; no token is ever stored in the browser.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The error's whole JSON body, for the few errors that carry more than a message (read with a schema). */
  readonly body: unknown;

  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error';

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** A 4xx answer means the request itself is wrong: repeating it cannot help. */
export function isClientError(err: unknown): boolean {
  return isApiError(err) && err.status >= 400 && err.status < 500;
}

/** The message rule: body.error, else body.message, else "HTTP {status}". */
export function errorMessageFromBody(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return `HTTP ${status}`;
}

/** A body that is empty or not JSON (a proxy's HTML error page) reads as undefined. */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way a failed answer becomes an error, whoever asked (fetch, a download, an XHR upload):
 * the status, the readable message, the error code and the whole body.
 */
export function failedResponseError(status: number, body: unknown): ApiError {
  const code =
    body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string'
      ? (body as { code: string }).code
      : undefined;
  return new ApiError(status, errorMessageFromBody(status, body), code, body);
}

export function unexpectedResponseError(status: number): ApiError {
  return new ApiError(status, 'The server sent an unexpected response.', 'unexpected_response');
}

/** A failed answer throws; a successful one is checked against `schema` when there is one. */
export function readResponse<T>(status: number, body: unknown, schema?: z.ZodType<T>): T {
  if (status < 200 || status >= 300) throw failedResponseError(status, body);
  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unexpectedResponseError(status);
  return parsed.data;
}

/** fetch with the session cookie; a server that cannot be reached is an ApiError with status 0. */
export async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (err) {
    // A cancelled request is not a network failure: let TanStack Query see the abort.
    if (init.signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  /** JSON body, sent with `Content-Type: application/json`; or a FormData sent as multipart. */
  body?: unknown;
  /** Validates (and narrows) the response body. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Let the request outlive the page (a last save as the tab closes). */
  keepalive?: boolean;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, schema, signal, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = body instanceof FormData;
  // The browser writes a multipart body's content type itself (with its boundary).
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const res = await send(path, {
    method,
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    signal,
    ...(keepalive ? { keepalive } : {}),
  });
  return readResponse(res.status, parseJsonBody(await res.text()), schema);
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  /** State changes always carry a JSON body (`{}` when there is nothing to say): the server's CSRF rule. */
  post: <T>(path: string, body: unknown = {}, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
};

/** The message to show a person for any thrown value. */
export function errorMessage(err: unknown, fallback: string): string {
  if (isApiError(err) && err.message) return err.message;
  return fallback;
}
