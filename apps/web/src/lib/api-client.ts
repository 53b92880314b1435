import type { z } from 'zod';

/**
 * The one way the web app talks to the server (spec §8): every failure becomes an ApiError
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

/** Message rule of spec §8: body.error, else body.message, else "HTTP {status}". */
export function errorMessageFromBody(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return `HTTP ${status}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  /** JSON body; sent with `Content-Type: application/json`. */
  body?: unknown;
  /** Validates (and narrows) the response body. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Let the request outlive the page (a last save as the tab closes). */
  keepalive?: boolean;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, schema, signal, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (err) {
    // A cancelled query is not a network failure: let TanStack Query see the abort.
    if (signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = await readJson(res);
  if (!res.ok) {
    const code =
      data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string'
        ? (data as { code: string }).code
        : undefined;
    throw new ApiError(res.status, errorMessageFromBody(res.status, data), code, data);
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(res.status, 'The server sent an unexpected response.', 'unexpected_response');
  }
  return parsed.data;
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
