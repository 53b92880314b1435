import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormGetValues, UseFormWatch } from 'react-hook-form';
import type { DraftBody, UploadedFile } from '@lanyard/shared/application';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { deleteUpload } from '@/api/delete-upload';
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
  // Files let go of (replaced or removed) are deleted only once a saved draft no longer points at
  // them: a save already on its way may still carry one, and the server refuses a draft whose file
  // is gone. One that is never deleted here (the form submitted first) is left to the server's sweep.
  const released = useRef<UploadedFile[]>([]);
  const onSaved = useCallback((body: DraftBody) => {
    const done = released.current.filter((f) => f.file_url !== body.resume_url);
    released.current = released.current.filter((f) => f.file_url === body.resume_url);
    for (const file of done) deleteUpload(file.name).catch(() => {});
  }, []);
  const autosave = useDraftAutosave(getDraftBody, undefined, onSaved);
  const { schedule: scheduleSave } = autosave;
  const onResumeChange = useCallback(
    (file: UploadedFile | null) => {
      if (file) released.current.push(file);
      scheduleSave();
    },
    [scheduleSave],
  );
  const resume = useResumeUpload(role, savedResume, onResumeChange);
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
