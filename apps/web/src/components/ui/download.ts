import { failedResponseError, parseJsonBody, send } from '@/lib/api-client';

/** Bytes received so far; `total` when the server said how many (Content-Length), else null. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  /** JSON body (POST). */
  body?: unknown;
  onProgress?: (progress: DownloadProgress) => void;
  /** The response's headers, once it has answered with success and before its body is read. */
  onHeaders?: (headers: Headers) => void;
  signal?: AbortSignal;
}

/** `{prefix}_{timestamp}.{ext}`, the timestamp in UTC like the server's: 2025-08-18-23-59-00. */
export function timestampedFileName(prefix: string, ext: string, now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[:T]/g, '-');
  return `${prefix}_${stamp}.${ext}`;
}

/** Whole percent of a download, or null while the size is unknown. */
export function progressPercent({ loaded, total }: DownloadProgress): number | null {
  if (total === null || total <= 0) return null;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

/** 1536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * Fetches a file with the session cookie and reads it while reporting progress. Failures are
 * ApiErrors like every other call.
 */
export async function fetchBlob(url: string, options: DownloadOptions = {}): Promise<Blob> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    onProgress,
    onHeaders,
    signal,
  } = options;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await send(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw failedResponseError(res.status, parseJsonBody(await res.text()));
  onHeaders?.(res.headers);

  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  if (!res.body) {
    const blob = await res.blob();
    onProgress?.({ loaded: blob.size, total: blob.size });
    return blob;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  return new Blob(chunks, { type });
}

/** Saves a blob under `fileName` through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches and saves in one step; resolves once the file is handed to the browser. */
export async function downloadFile(url: string, fileName: string, options: DownloadOptions = {}) {
  const blob = await fetchBlob(url, options);
  saveBlob(blob, fileName);
  return blob;
}
