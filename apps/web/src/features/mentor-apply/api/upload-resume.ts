import { uploadedFileSchema, type UploadedFile } from '@lanyard/shared/application';
import { ApiError, errorMessageFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/upload/resume as multipart (one field, `file`). XMLHttpRequest rather than fetch, for a real
 * upload progress bar; the session cookie goes along, and failures become ApiErrors like every other call.
 */
export function uploadResume(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload/resume');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
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
      resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
