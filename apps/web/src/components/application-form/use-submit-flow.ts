import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { UploadedFile } from '@lanyard/shared/application';
import { errorMessage, isApiError } from '@/lib/api-client';
import { meQueryKey } from '@/api/get-me';
import type { DraftAutosave } from './use-draft-autosave';
import type { ResumeUpload } from './use-resume-upload';

export type SubmitStep = 'filling' | 'confirm' | 'submitting';

export const SUBMIT_FALLBACK = 'An unexpected error occurred. Please try again.';

interface SubmitFlowOptions<A> {
  autosave: DraftAutosave;
  resume: ResumeUpload;
  /** Sends the checked answers with the uploaded resume (if any). */
  send: (answers: A, resume: UploadedFile | null) => Promise<unknown>;
  /** The success toast's description. */
  successMessage: string;
  /** The application is stored: where the form goes next. */
  onSubmitted: () => void;
  /** The resume is required but turned out missing (its upload failed while submitting). */
  onResumeMissing: () => void;
  /** A refused submission, before its "Submission Error" toast: the form's own follow-up. */
  onRefused?: (err: unknown) => void;
}

/**
 * The one submit flow of both application forms: the checked answers held, the
 * confirmation dialog, then submitting with its progress (10, then 70 once the resume is in, then
 * 100) and the success toast. On an error the form comes back with its answers, which the draft
 * keeps saving.
 */
export function useSubmitFlow<A>({
  autosave,
  resume,
  send,
  successMessage,
  onSubmitted,
  onResumeMissing,
  onRefused,
}: SubmitFlowOptions<A>) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SubmitStep>('filling');
  const [progress, setProgress] = useState(0);
  const held = useRef<A | null>(null);

  const backToForm = () => {
    setStep('filling');
    setProgress(0);
  };

  /** Keeps the checked answers for the confirmation (a step such as the access code may come first). */
  const hold = (answers: A) => {
    held.current = answers;
  };

  /** Asks for confirmation of the answers given, or of those held. */
  const confirm = (answers?: A) => {
    if (answers !== undefined) hold(answers);
    setStep('confirm');
  };

  /** Sends the held answers; true once they are stored. */
  const submit = async (answers: A): Promise<boolean> => {
    setStep('submitting');
    setProgress(10);
    try {
      // No draft save may land after the application: wait for one already on its way.
      await autosave.stop();
      const file = await resume.waitForUpload();
      if (!file && resume.required) {
        autosave.resume();
        backToForm();
        onResumeMissing();
        return false;
      }
      setProgress(70);
      await send(answers, file);
      setProgress(100);
      // The applicant's status changed, so the current user is refreshed after a successful submit.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      return true;
    } catch (err) {
      backToForm();
      onRefused?.(err);
      // The banner above the form follows the account's state, whichever tab changed it.
      if (isApiError(err) && err.code === 'email_unverified') {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
      toast.error('Submission Error', { description: errorMessage(err, SUBMIT_FALLBACK) });
      // The answers stay in the form, and in the draft.
      autosave.resume();
      autosave.schedule();
      return false;
    }
  };

  /** The confirmation dialog's "Submit". */
  const onConfirm = async () => {
    const answers = held.current;
    if (answers === null || !(await submit(answers))) return;
    toast.success('Success!', { description: successMessage });
    onSubmitted();
  };

  return { step, progress, hold, confirm, backToForm, onConfirm };
}
