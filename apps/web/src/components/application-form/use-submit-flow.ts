import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { UploadedFile } from '@lanyard/shared/application';
import { errorMessage, isApiError } from '@/lib/api-client';
import { meQueryKey } from '@/api/get-me';
import type { DraftAutosave } from './use-draft-autosave';
import type { ResumeUpload } from './use-resume-upload';

export type SubmitStep = 'filling' | 'confirm' | 'submitting';

export const SUBMIT_FALLBACK = 'An unexpected error occurred. Please try again.';

interface SubmitFlowOptions {
  autosave: DraftAutosave;
  resume: ResumeUpload;
  /** The resume is required but turned out missing (its upload failed while submitting). */
  onResumeMissing: () => void;
  /** A refused submission, before its "Submission Error" toast: the form's own follow-up. */
  onRefused?: (err: unknown) => void;
}

/**
 * The confirmation step of both application forms (spec §4): filling, the confirmation dialog, then
 * submitting with its progress (10, then 70 once the resume is in, then 100). On an error the form
 * comes back with its answers, which the draft keeps saving.
 */
export function useSubmitFlow({ autosave, resume, onResumeMissing, onRefused }: SubmitFlowOptions) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SubmitStep>('filling');
  const [progress, setProgress] = useState(0);

  const backToForm = () => {
    setStep('filling');
    setProgress(0);
  };

  /** Sends the application with `send`; true once it is stored. */
  const submit = async (send: (resume: UploadedFile | null) => Promise<unknown>): Promise<boolean> => {
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
      await send(file);
      setProgress(100);
      // The applicant's status changed (spec §4: after a successful submit the current user is refreshed).
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

  return { step, progress, confirm: () => setStep('confirm'), backToForm, submit };
}

export type SubmitFlow = ReturnType<typeof useSubmitFlow>;
