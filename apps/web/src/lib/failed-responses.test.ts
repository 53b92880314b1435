import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadResume } from '@/api/upload-resume';
import { fetchBlob } from '@/components/ui/download';
import { api, ApiError } from './api-client';

// Every way the web talks to the server (the JSON client, file downloads, the resume upload over
// XHR) must turn the same failed answer into the same ApiError.

const REFUSED = { error: 'The file is too large.', code: 'file_too_large', limit_bytes: 5_242_880 };

/** A stand-in XMLHttpRequest that answers every send with `status` and `text`. */
function stubXhr(status: number, text: string) {
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      queueMicrotask(() => {
        this.status = status;
        this.responseText = text;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

function stubFetch(status: number, text: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(text, { status })),
  );
}

const callers: [string, () => Promise<unknown>, (status: number, text: string) => void][] = [
  ['the JSON client', () => api.get('/api/anything'), stubFetch],
  ['a file download', () => fetchBlob('/api/exports/anything'), stubFetch],
  ['the resume upload', () => uploadResume(new File(['x'], 'cv.pdf')), stubXhr],
];

async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe('a failed response becomes one kind of error, whoever asked', () => {
  it.each(callers)('%s keeps the status, message, code and whole body', async (_name, call, stub) => {
    stub(413, JSON.stringify(REFUSED));
    const err = await failure(call);
    expect({ status: err.status, message: err.message, code: err.code, body: err.body }).toEqual({
      status: 413,
      message: 'The file is too large.',
      code: 'file_too_large',
      body: REFUSED,
    });
  });

  it.each(callers)('%s says "HTTP {status}" for a body that is not JSON', async (_name, call, stub) => {
    stub(502, '<html>Bad Gateway</html>');
    const err = await failure(call);
    expect({ status: err.status, message: err.message, code: err.code, body: err.body }).toEqual({
      status: 502,
      message: 'HTTP 502',
      code: undefined,
      body: undefined,
    });
  });
});
