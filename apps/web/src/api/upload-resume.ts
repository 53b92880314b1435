import { uploadedFileSchema, type UploadedFile } from '@lanyard/shared/application';
import { ApiError, NETWORK_ERROR_MESSAGE, parseJsonBody, readResponse } from '@/lib/api-client';

export interface UploadOptions {
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/upload/resume (multipart, one field named `file`). XMLHttpRequest rather than fetch
 * because only XHR reports upload progress. Errors follow the API client's rules (lib/api-client.ts).
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
      try {
        const uploaded = readResponse(xhr.status, parseJsonBody(xhr.responseText), uploadedFileSchema);
        onProgress?.(100);
        resolve(uploaded);
      } catch (err) {
        reject(err);
      }
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
