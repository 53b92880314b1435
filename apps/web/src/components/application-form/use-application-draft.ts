import { useCallback, useEffect, useRef } from 'react';
import type { DraftBody, UploadedFile } from '@lanyard/shared/application';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { useDraftAutosave } from './use-draft-autosave';
import { useResumeUpload } from './use-resume-upload';

/**
 * The draft of an application form with its resume: saved about a second after the form calls
 * `autosave.schedule()`, and after every change to the uploaded resume.
 */
export function useApplicationDraft(
  role: ApplicantRole,
  savedResume: UploadedFile | null,
  getAnswers: () => DraftBody['answers'],
) {
  const storedResume = useRef<() => UploadedFile | null>(() => null);
  const getDraftBody = useCallback(
    (): DraftBody => ({
      role,
      answers: getAnswers(),
      resume_url: storedResume.current()?.file_url ?? null,
    }),
    [role, getAnswers],
  );
  const autosave = useDraftAutosave(getDraftBody);
  const resume = useResumeUpload(role, savedResume, autosave.schedule);
  useEffect(() => {
    storedResume.current = resume.storedFile;
  }, [resume.storedFile]);
  return { autosave, resume };
}
