import { uploadedFileSchema, type UploadedFile } from '@lanyard/shared/application';
import { ApiError, errorMessageFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export interface UploadOptions {
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/upload/resume (multipart, one field named `file`). XMLHttpRequest rather than fetch
 * because only XHR reports upload progress. Errors follow the API client's rules (spec §8).
 */
export function uploadResume(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/resume');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const code =
          body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string'
            ? (body as { code: string }).code
            : undefined;
        reject(new ApiError(xhr.status, errorMessageFromBody(xhr.status, body), code));
        return;
      }
      const parsed = uploadedFileSchema.safeParse(body);
      if (!parsed.success) {
        reject(new ApiError(xhr.status, 'The server sent an unexpected response.', 'unexpected_response'));
        return;
      }
      onProgress?.(100);
      resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}
