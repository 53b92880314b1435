import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { meQueryKey, meQueryOptionsFrom } from './get-me';

const user = {
  id: '6f1c1f8e-8d1b-4a5e-9d2e-2f6f3c1b9a10',
  email: 'ada@example.org',
  role: 'hacker',
  applicationStatus: 'not_started',
  emailVerified: true,
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('meQueryOptionsFrom: the session answer asked for before the app started', () => {
  it('reads the early answer on the first fetch, without asking the server again', async () => {
    const qc = client();
    await qc.prefetchQuery(meQueryOptionsFrom(Promise.resolve({ user })));
    expect(qc.getQueryData(meQueryKey)).toMatchObject({ email: 'ada@example.org', role: 'hacker' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the early answer as getMe does: an answer of the wrong shape is an unexpected response', async () => {
    const qc = client();
    await expect(
      qc.fetchQuery(meQueryOptionsFrom(Promise.resolve({ user: { email: 'ada@example.org' } }))),
    ).rejects.toMatchObject({ code: 'unexpected_response' });
  });

  it('asks the server when the early answer failed and the query is fetched again', async () => {
    const qc = client();
    const options = meQueryOptionsFrom(Promise.reject(new ApiError(0, 'Network error')));
    await expect(qc.fetchQuery(options)).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(Response.json({ user: null }));
    await expect(qc.fetchQuery({ ...options, staleTime: 0 })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/session');
  });
});
