import { useCallback, useEffect } from 'react';
import type { UseFormGetValues, UseFormWatch } from 'react-hook-form';
import { useApplicationDraft } from '@/components/application-form/use-application-draft';
import type { Draft } from '@/api/get-draft';
import { draftAnswersFromForm, type HackerFormValues } from '../lib/form-values';

/** Saves the draft about a second after any change to the answers or the uploaded resume. */
export function useHackerDraft(
  draft: Draft | null,
  getValues: UseFormGetValues<HackerFormValues>,
  watch: UseFormWatch<HackerFormValues>,
) {
  const getAnswers = useCallback(() => draftAnswersFromForm(getValues()), [getValues]);
  const { autosave, resume } = useApplicationDraft('hacker', draft?.resume ?? null, getAnswers);
  const { schedule: scheduleSave } = autosave;
  useEffect(() => {
    // `name` is set for every edit (typing, picking, ticking); undefined for resets.
    const subscription = watch((_values, { name }) => {
      if (name) scheduleSave();
    });
    return () => subscription.unsubscribe();
  }, [watch, scheduleSave]);
  return { autosave, resume };
}
