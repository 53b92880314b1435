import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, apiRequest, errorMessageFromBody } from './api-client';
import { retryDelay, shouldRetry } from './query-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function mockFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client error rules', () => {
  it('uses the body.error message and keeps the status and code', async () => {
    mockFetch(async () =>
      jsonResponse(409, { error: 'An account with this email already exists.', code: 'email_taken' }),
    );
    const err = await caught(api.post('/api/auth/register', { email: 'a@b.c' }));
    expect(err.status).toBe(409);
    expect(err.message).toBe('An account with this email already exists.');
    expect(err.code).toBe('email_taken');
  });

  it('keeps the whole body of an error that says more than a message (a 409 with the record)', async () => {
    const body = {
      error: 'Already checked in by a@b.c at 2025-09-19T14:02:11.000Z.',
      code: 'already_checked_in',
      record: { _id: 'r1' },
    };
    mockFetch(async () => jsonResponse(409, body));
    const err = await caught(api.get('/api/x'));
    expect(err.body).toEqual(body);
  });

  it('falls back to body.message when there is no error field', async () => {
    mockFetch(async () => jsonResponse(400, { message: 'Bad things' }));
    const err = await caught(api.get('/api/x'));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Bad things');
  });

  it('prefers error over message when both are present', () => {
    expect(errorMessageFromBody(400, { error: 'First', message: 'Second' })).toBe('First');
  });

  it('falls back to "HTTP {status}" when the body has neither (or is not JSON)', async () => {
    mockFetch(async () => new Response('<html>gateway</html>', { status: 502 }));
    const err = await caught(api.get('/api/x'));
    expect(err.status).toBe(502);
    expect(err.message).toBe('HTTP 502');
    expect(errorMessageFromBody(500, { error: '' })).toBe('HTTP 500');
    expect(errorMessageFromBody(503, null)).toBe('HTTP 503');
    expect(errorMessageFromBody(418, { error: 42 })).toBe('HTTP 418');
  });

  it('turns a network failure into status 0 "Network error"', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await caught(api.get('/api/auth/me'));
    expect(err.status).toBe(0);
    expect(err.message).toBe('Network error');
  });

  it('lets an abort through untouched (not a network error)', async () => {
    const controller = new AbortController();
    mockFetch(async () => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    });
    await expect(api.get('/api/x', { signal: controller.signal })).rejects.toHaveProperty(
      'name',
      'AbortError',
    );
  });
});

describe('api client requests', () => {
  it('sends JSON with the session cookie and no Authorization header', async () => {
    const fetchMock = mockFetch(async () => jsonResponse(200, { ok: true }));
    await api.post('/api/auth/logout');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{}');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it('GET sends no body and no content type', async () => {
    const fetchMock = mockFetch(async () => jsonResponse(200, { a: 1 }));
    await expect(api.get('/api/x')).resolves.toEqual({ a: 1 });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('validates the response with the given schema', async () => {
    mockFetch(async () => jsonResponse(200, { total: 'many' }));
    const err = await caught(apiRequest('/api/x', { schema: z.object({ total: z.number() }) }));
    expect(err.message).toBe('The server sent an unexpected response.');
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx, retries others up to 3 times', () => {
    expect(shouldRetry(0, new ApiError(401, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(0, 'Network error'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'x'))).toBe(true);
    expect(shouldRetry(3, new ApiError(503, 'x'))).toBe(false);
  });

  it('waits 1 s, doubling, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
