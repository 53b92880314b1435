import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { HackerAnswers } from '@lanyard/shared/application';
import { errorMessage, isApiError } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';
import { publicSettingsQueryKey } from '../api/get-public-settings';
import { useSubmitHackerApplication, type HackerSubmission } from '../api/submit-hacker-application';
import { submissionAnswers } from '../lib/form-values';
import type { useDraftAutosave } from './use-draft-autosave';
import type { useResumeUpload } from './use-resume-upload';

type SubmissionStep = 'filling' | 'access-code' | 'confirm' | 'submitting';

interface SubmissionOptions {
  lateMode: boolean;
  autosave: ReturnType<typeof useDraftAutosave>;
  resume: ReturnType<typeof useResumeUpload>;
  focusAfterSubmit: () => void;
  focusNow: () => void;
  onSubmitted: () => void;
}

/**
 * From a submit attempt to the submitted application: the access code when late, the confirmation,
 * then the upload and the request, with the draft kept (and saved again) if anything fails.
 */
export function useHackerSubmission({
  lateMode,
  autosave,
  resume,
  focusAfterSubmit,
  focusNow,
  onSubmitted,
}: SubmissionOptions) {
  const queryClient = useQueryClient();
  const { schedule: scheduleSave } = autosave;
  const [step, setStep] = useState<SubmissionStep>('filling');
  const [progress, setProgress] = useState(0);
  const [accessCode, setAccessCode] = useState('');
  const [verifiedCode, setVerifiedCode] = useState<string | null>(null);
  const answersRef = useRef<HackerAnswers | null>(null);
  const submit = useSubmitHackerApplication();
  const resumeMissing = resume.state.status === 'empty';

  const onValid = (answers: HackerAnswers) => {
    if (resumeMissing) {
      focusAfterSubmit();
      return;
    }
    answersRef.current = answers;
    setStep(lateMode && verifiedCode === null ? 'access-code' : 'confirm');
  };

  const onInvalid = () => {
    focusAfterSubmit();
  };

  const backToForm = () => {
    setStep('filling');
    setProgress(0);
  };

  const onConfirm = async () => {
    const answers = answersRef.current;
    if (!answers) return;
    setStep('submitting');
    setProgress(10);
    try {
      // No draft save may land after the application: wait for one already on its way.
      await autosave.stop();
      const file = await resume.waitForUpload();
      if (!file) {
        autosave.resume();
        backToForm();
        focusNow();
        return;
      }
      setProgress(70);
      const body: HackerSubmission = {
        ...submissionAnswers(answers),
        resume_url: file.file_url,
        ...(lateMode && verifiedCode ? { access_code: verifiedCode } : {}),
      };
      await submit.mutateAsync(body);
      setProgress(100);
      toast.success('Success!', { description: 'Your application has been submitted.' });
      onSubmitted();
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
    } catch (err) {
      backToForm();
      if (isApiError(err) && (err.code === 'invalid_access_code' || err.code === 'access_code_required')) {
        setVerifiedCode(null);
      }
      if (isApiError(err) && err.code === 'applications_closed') {
        void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey });
      }
      // The banner above the form follows the account's state, whichever tab changed it.
      if (isApiError(err) && err.code === 'email_unverified') {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
      toast.error('Submission Error', {
        description: errorMessage(err, 'An unexpected error occurred. Please try again.'),
      });
      // The answers stay in the form, and in the draft.
      autosave.resume();
      scheduleSave();
    }
  };

  const editAccessCode = (code: string) => {
    setAccessCode(code);
    setVerifiedCode(null);
  };

  const acceptAccessCode = (code: string) => {
    setAccessCode(code);
    setVerifiedCode(code);
    setStep('confirm');
  };

  return {
    step,
    progress,
    accessCode,
    onValid,
    onInvalid,
    backToForm,
    onConfirm,
    editAccessCode,
    acceptAccessCode,
  };
}
