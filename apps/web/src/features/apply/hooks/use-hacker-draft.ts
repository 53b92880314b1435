import { useCallback, useEffect, useRef } from 'react';
import type { UseFormGetValues, UseFormWatch } from 'react-hook-form';
import type { DraftBody, UploadedFile } from '@lanyard/shared/application';
import type { Draft } from '../api/get-draft';
import { draftAnswersFromForm, type HackerFormValues } from '../lib/form-values';
import { useDraftAutosave } from './use-draft-autosave';
import { useResumeUpload } from './use-resume-upload';

/** Saves the draft about a second after any change to the answers or the uploaded resume. */
export function useHackerDraft(
  draft: Draft | null,
  getValues: UseFormGetValues<HackerFormValues>,
  watch: UseFormWatch<HackerFormValues>,
) {
  const storedResume = useRef<() => UploadedFile | null>(() => null);
  const getDraftBody = useCallback(
    (): DraftBody => ({
      role: 'hacker',
      answers: draftAnswersFromForm(getValues()),
      resume_url: storedResume.current()?.file_url ?? null,
    }),
    [getValues],
  );
  const autosave = useDraftAutosave(getDraftBody);
  const { schedule: scheduleSave } = autosave;
  const resume = useResumeUpload(draft?.resume ?? null, scheduleSave);
  useEffect(() => {
    storedResume.current = resume.storedFile;
  }, [resume.storedFile]);
  useEffect(() => {
    // `name` is set for every edit (typing, picking, ticking); undefined for resets.
    const subscription = watch((_values, { name }) => {
      if (name) scheduleSave();
    });
    return () => subscription.unsubscribe();
  }, [watch, scheduleSave]);
  return { autosave, resume };
}
