import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { UploadedFile } from '@lanyard/shared/application';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { RESUME_RULES } from '@lanyard/shared/resume';
import { isAbortError, uploadResume } from '@/api/upload-resume';
import { errorMessage, isApiError } from '@/lib/api-client';
import { checkResumeFile, INVALID_TYPE, TOO_LARGE_TITLE } from './resume-file';

export type ResumeState =
  | { status: 'empty' }
  | { status: 'uploading'; fileName: string; size: number; progress: number; previous: UploadedFile | null }
  | { status: 'uploaded'; file: UploadedFile };

interface Pending {
  controller: AbortController;
  promise: Promise<UploadedFile>;
}

function uploadErrorTitle(err: unknown): string {
  if (isApiError(err) && err.status === 413) return TOO_LARGE_TITLE;
  if (isApiError(err) && err.status === 415) return INVALID_TYPE.title;
  return 'Upload Failed';
}

/**
 * The resume of either application form: checked in the browser (type, the role's size limit),
 * uploaded at once with progress, replaceable and removable. `onChange` fires whenever the stored
 * file changes (the draft saves it), with the file let go of, if any: the caller deletes that one
 * once the draft no longer points at it, since a save still on its way may carry it.
 */
export function useResumeUpload(
  role: ApplicantRole,
  initial: UploadedFile | null,
  onChange: (released: UploadedFile | null) => void,
) {
  const [state, setStateRaw] = useState<ResumeState>(() =>
    initial ? { status: 'uploaded', file: initial } : { status: 'empty' },
  );
  const stateRef = useRef(state);
  const pending = useRef<Pending | null>(null);
  const onChangeRef = useRef(onChange);
  const mounted = useRef(true);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      pending.current?.controller.abort();
    };
  }, []);

  const setState = useCallback((next: ResumeState) => {
    stateRef.current = next;
    if (mounted.current) setStateRaw(next);
  }, []);

  /** The file the application would use right now (an upload in flight does not count yet). */
  const storedFile = useCallback((): UploadedFile | null => {
    const s = stateRef.current;
    if (s.status === 'uploaded') return s.file;
    if (s.status === 'uploading') return s.previous;
    return null;
  }, []);

  /** Returns false when the file was refused before upload (a toast says why). */
  const choose = useCallback(
    (file: File): boolean => {
      const problem = checkResumeFile(file, role);
      if (problem) {
        toast.error(problem.title, { description: problem.description });
        return false;
      }
      const previous = storedFile();
      pending.current?.controller.abort();
      const controller = new AbortController();
      setState({ status: 'uploading', fileName: file.name, size: file.size, progress: 0, previous });
      const promise = uploadResume(file, {
        signal: controller.signal,
        onProgress: (progress) => {
          const s = stateRef.current;
          if (s.status === 'uploading' && pending.current?.controller === controller) {
            setState({ ...s, progress });
          }
        },
      });
      pending.current = { controller, promise };
      promise.then(
        (uploaded) => {
          if (pending.current?.controller !== controller) return;
          pending.current = null;
          setState({ status: 'uploaded', file: uploaded });
          onChangeRef.current(previous && previous.name !== uploaded.name ? previous : null);
        },
        (err: unknown) => {
          if (pending.current?.controller !== controller) return;
          pending.current = null;
          setState(previous ? { status: 'uploaded', file: previous } : { status: 'empty' });
          if (!isAbortError(err)) {
            toast.error(uploadErrorTitle(err), {
              description: errorMessage(err, 'The resume could not be uploaded. Please try again.'),
            });
          }
        },
      );
      return true;
    },
    [role, setState, storedFile],
  );

  /** Cancels an upload in flight, or lets go of the stored file (deleted once the draft says so). */
  const remove = useCallback(() => {
    const s = stateRef.current;
    if (s.status === 'uploading') {
      pending.current?.controller.abort();
      pending.current = null;
      setState(s.previous ? { status: 'uploaded', file: s.previous } : { status: 'empty' });
      return;
    }
    if (s.status !== 'uploaded') return;
    setState({ status: 'empty' });
    onChangeRef.current(s.file);
  }, [setState]);

  /** The uploaded resume, waiting for an upload in flight; rejects if that upload fails. */
  const waitForUpload = useCallback(async (): Promise<UploadedFile | null> => {
    const p = pending.current;
    if (p) return p.promise;
    return storedFile();
  }, [storedFile]);

  return { role, required: RESUME_RULES[role].required, state, choose, remove, storedFile, waitForUpload };
}

export type ResumeUpload = ReturnType<typeof useResumeUpload>;
