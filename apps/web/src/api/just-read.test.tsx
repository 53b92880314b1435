import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPublicSettings } from '@/testing';
import { JUST_READ_MS } from '@/lib/query-client';
import { publicSettingsQueryOptions, usePublicSettings } from './get-public-settings';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(Response.json(testPublicSettings())));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function mount(qc: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePublicSettings(), { wrapper });
}

describe('data a page asks for again whenever it opens (staleTime 0)', () => {
  it('is not asked for again when the page mounts just after its loader read it', async () => {
    const qc = new QueryClient();
    await qc.prefetchQuery(publicSettingsQueryOptions());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const { result } = mount(qc);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isFetching).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is asked for again when the page opens on data read longer ago', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const qc = new QueryClient();
    await qc.prefetchQuery(publicSettingsQueryOptions());
    vi.setSystemTime(Date.now() + JUST_READ_MS + 1);

    mount(qc);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
