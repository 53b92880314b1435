import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HackerAnswers } from '@lanyard/shared/application';
import type { WithCustom } from '@/components/application-form/custom-questions/custom-values';
import type { DraftAutosave } from '@/components/application-form/use-draft-autosave';
import type { ResumeUpload } from '@/components/application-form/use-resume-upload';
import { useSubmitFlow } from '@/components/application-form/use-submit-flow';
import { isApiError } from '@/lib/api-client';
import { publicSettingsQueryKey } from '@/api/get-public-settings';
import { useSubmitHackerApplication, type HackerSubmission } from '../api/submit-hacker-application';
import { submissionAnswers } from '../lib/form-values';

interface SubmissionOptions {
  lateMode: boolean;
  /** A refusal, for the custom question it may name. */
  onCustomRefused: (err: unknown) => void;
  autosave: DraftAutosave;
  resume: ResumeUpload;
  focusAfterSubmit: () => void;
  focusNow: () => void;
  onSubmitted: () => void;
}

/**
 * From a submit attempt to the submitted application: the access code when late, then the
 * confirmation step both forms share (the upload, the request, the draft kept if anything fails).
 */
export function useHackerSubmission({
  lateMode,
  onCustomRefused,
  autosave,
  resume,
  focusAfterSubmit,
  focusNow,
  onSubmitted,
}: SubmissionOptions) {
  const queryClient = useQueryClient();
  const [askingCode, setAskingCode] = useState(false);
  const [accessCode, setAccessCode] = useState('');
  const [verifiedCode, setVerifiedCode] = useState<string | null>(null);
  const submit = useSubmitHackerApplication();
  const flow = useSubmitFlow<WithCustom<HackerAnswers>>({
    autosave,
    resume,
    send: ({ custom, ...answers }, file) => {
      const body: HackerSubmission = {
        ...submissionAnswers(answers),
        // Only with custom questions: until the server knows `custom`, a body carrying it is refused.
        ...(custom ? { custom } : {}),
        // Never empty here: the flow stops first when the required resume is missing.
        resume_url: file?.file_url ?? '',
        ...(lateMode && verifiedCode ? { access_code: verifiedCode } : {}),
      };
      return submit.mutateAsync(body);
    },
    successMessage: 'Your application has been submitted.',
    onSubmitted: () => {
      onSubmitted();
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
    },
    onResumeMissing: focusNow,
    onRefused: (err) => {
      onCustomRefused(err);
      if (isApiError(err) && (err.code === 'invalid_access_code' || err.code === 'access_code_required')) {
        setVerifiedCode(null);
      }
      if (isApiError(err) && err.code === 'applications_closed') {
        void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey });
      }
    },
  });
  const step = askingCode ? ('access-code' as const) : flow.step;

  const onValid = (answers: WithCustom<HackerAnswers>) => {
    if (resume.state.status === 'empty') {
      focusAfterSubmit();
      return;
    }
    if (lateMode && verifiedCode === null) {
      flow.hold(answers);
      setAskingCode(true);
    } else flow.confirm(answers);
  };

  const onInvalid = () => {
    focusAfterSubmit();
  };

  const backToForm = () => {
    setAskingCode(false);
    flow.backToForm();
  };

  const editAccessCode = (code: string) => {
    setAccessCode(code);
    setVerifiedCode(null);
  };

  const acceptAccessCode = (code: string) => {
    setAccessCode(code);
    setVerifiedCode(code);
    setAskingCode(false);
    flow.confirm();
  };

  return {
    step,
    progress: flow.progress,
    accessCode,
    onValid,
    onInvalid,
    backToForm,
    onConfirm: flow.onConfirm,
    editAccessCode,
    acceptAccessCode,
  };
}
