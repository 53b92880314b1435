import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fetchBlob, formatBytes, progressPercent, timestampedFileName } from './download';

describe('download helpers', () => {
  it('names files like the server: prefix_YYYY-MM-DD-HH-MM-SS.ext in UTC', () => {
    const now = new Date('2025-08-18T23:59:07.123Z');
    expect(timestampedFileName('applications_export', 'csv', now)).toBe(
      'applications_export_2025-08-18-23-59-07.csv',
    );
    expect(timestampedFileName('resumes', 'zip', now)).toBe('resumes_2025-08-18-23-59-07.zip');
  });

  it('computes progress only when the size is known', () => {
    expect(progressPercent({ loaded: 50, total: 200 })).toBe(25);
    expect(progressPercent({ loaded: 50, total: null })).toBeNull();
    expect(progressPercent({ loaded: 500, total: 200 })).toBe(100);
  });

  it('formats sizes', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('fetchBlob', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the body and reports progress', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('id,email\r\n1,a@b.c\r\n', { headers: { 'content-type': 'text/csv' } })),
    );
    const seen: number[] = [];
    const blob = await fetchBlob('/x', { onProgress: (p) => seen.push(p.loaded) });
    expect(await blob.text()).toBe('id,email\r\n1,a@b.c\r\n');
    expect(seen.at(-1)).toBe(blob.size);
  });

  it("hands over a successful answer's headers before its body, and a failed answer's not at all", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('%PDF-', { headers: { 'x-badges-unprintable': '2' } })),
    );
    const seen: string[] = [];
    await fetchBlob('/x', { onHeaders: (h) => seen.push(h.get('x-badges-unprintable') ?? '') });
    expect(seen).toEqual(['2']);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500, headers: { 'x-a': '1' } })),
    );
    await expect(fetchBlob('/x', { onHeaders: (h) => seen.push(h.get('x-a') ?? '') })).rejects.toThrow();
    expect(seen).toEqual(['2']);
  });

  it('posts JSON and turns an error answer into an ApiError with its message and code', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: 'None of the selected applications has a resume.', code: 'no_resumes' }),
          {
            status: 404,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const err = await fetchBlob('/zip', { body: { application_ids: ['a'] } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).code).toBe('no_resumes');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"application_ids":["a"]}');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(fetchBlob('/x')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });
});
