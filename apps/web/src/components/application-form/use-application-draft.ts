import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormGetValues, UseFormWatch } from 'react-hook-form';
import type { DraftBody, UploadedFile } from '@lanyard/shared/application';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { useDraftAutosave } from './use-draft-autosave';
import { useResumeUpload } from './use-resume-upload';

/**
 * The draft of an application form with its resume, the one autosave both forms use: saved about
 * a second after any edit of an answer (typing, picking, ticking) and after every change to the
 * uploaded resume. `toAnswers` turns the form's values into the draft's answers; it must be stable.
 */
export function useApplicationDraft<T extends FieldValues>(
  role: ApplicantRole,
  savedResume: UploadedFile | null,
  form: { getValues: UseFormGetValues<T>; watch: UseFormWatch<T> },
  toAnswers: (values: T) => DraftBody['answers'],
) {
  const { getValues, watch } = form;
  const storedResume = useRef<() => UploadedFile | null>(() => null);
  const getDraftBody = useCallback(
    (): DraftBody => ({
      role,
      answers: toAnswers(getValues()),
      resume_url: storedResume.current()?.file_url ?? null,
    }),
    [role, getValues, toAnswers],
  );
  const autosave = useDraftAutosave(getDraftBody);
  const resume = useResumeUpload(role, savedResume, autosave.schedule);
  useEffect(() => {
    storedResume.current = resume.storedFile;
  }, [resume.storedFile]);

  const { schedule } = autosave;
  useEffect(() => {
    // `name` is set for every edit; it is undefined for resets, which are not the applicant's.
    const subscription = watch((_values, { name }) => {
      if (name) schedule();
    });
    return () => subscription.unsubscribe();
  }, [watch, schedule]);

  return { autosave, resume };
}
