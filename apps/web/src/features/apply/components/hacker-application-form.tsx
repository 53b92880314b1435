import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { HackerAnswers } from '@lanyard/shared/application';
import type { PublicSettings } from '@lanyard/shared/settings';
import { ConfirmSubmitDialog } from '@/components/application-form/confirm-submit-dialog';
import { CustomFormProvider } from '@/components/application-form/custom-questions/custom-questions';
import { countErrors, type WithCustom } from '@/components/application-form/custom-questions/custom-values';
import { useCustomServerErrors } from '@/components/application-form/custom-questions/server-error';
import { useCustomQuestions } from '@/components/application-form/custom-questions/use-custom-questions';
import { SubmitBar } from '@/components/application-form/submit-bar';
import { useApplicationDraft } from '@/components/application-form/use-application-draft';
import { useFirstErrorFocus } from '@/components/application-form/use-first-error-focus';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { useEventConfig } from '@/config/event-config';
import { useUser } from '@/api/get-me';
import type { Draft } from '@/api/get-draft';
import { useHackerSubmission } from '../hooks/use-hacker-submission';
import {
  BIRTHDAY_FIELDS,
  draftAnswersFromForm,
  formValuesFromDraft,
  type HackerFormValues,
} from '../lib/form-values';
import { inlineErrorOf, toastFirstError } from '../lib/first-error';
import { hackerFormResolver } from '../lib/resolver';
import { AccessCodeDialog } from './access-code-dialog';
import { AcademicSection } from './academic-section';
import { CommunitySection } from './community-section';
import { HackerFormHeader, LateApplicationAlert } from './hacker-form-header';
import { LinksSection } from './links-section';
import { LogisticsSection } from './logistics-section';
import { PersonalSection } from './personal-section';
import { ShortAnswersSection } from './short-answers-section';
import { TermsSection } from './terms-section';

export const RESUME_REQUIRED_MESSAGE = 'Please upload your resume.';

interface HackerApplicationFormProps {
  settings: PublicSettings;
  draft: Draft | null;
  onSubmitted: () => void;
}

export function HackerApplicationForm({ settings, draft, onSubmitted }: HackerApplicationFormProps) {
  const event = useEventConfig();
  const { data: user } = useUser();
  const forcedOpen = settings.force_application_open;
  const lateMode = !forcedOpen && settings.status === 'late';

  const baseResolver = useMemo(() => hackerFormResolver(event.startDate), [event.startDate]);
  // As the server holds this applicant to them (changes apply to applications started afterwards).
  const custom = useCustomQuestions(
    draft?.custom_questions ?? settings.custom_questions?.hacker,
    baseResolver,
    draftAnswersFromForm,
    draft?.answers,
  );
  const [defaultValues] = useState(() => ({ ...formValuesFromDraft(draft?.answers), ...custom.defaults }));
  const form = useForm<HackerFormValues, unknown, WithCustom<HackerAnswers>>({
    resolver: custom.resolver,
    defaultValues,
    shouldFocusError: false,
  });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    watch,
    setError,
    formState: { errors, submitCount },
  } = form;

  const { autosave, resume } = useApplicationDraft(
    'hacker',
    draft?.resume ?? null,
    { getValues, watch },
    custom.toDraft,
  );
  const formRef = useRef<HTMLFormElement>(null);

  const resumeMissing = resume.state.status === 'empty';
  const resumeError = submitCount > 0 && resumeMissing ? RESUME_REQUIRED_MESSAGE : undefined;

  const birthError = BIRTHDAY_FIELDS.some((f) => errors[f]) ? errors.birthDay?.message : undefined;
  const birthdayMessage = birthError ? 'Please enter a valid birthday' : undefined;
  const errorCount = countErrors(errors, BIRTHDAY_FIELDS) + (birthdayMessage ? 1 : 0) + (resumeError ? 1 : 0);

  const { focusAfterSubmit, focusNow } = useFirstErrorFocus(
    formRef,
    submitCount,
    errorCount,
    (first, count) => toastFirstError(inlineErrorOf(first), count),
  );
  const onCustomRefused = useCustomServerErrors(custom.questions, setError, formRef);
  const submission = useHackerSubmission({
    lateMode,
    onCustomRefused,
    autosave,
    resume,
    focusAfterSubmit,
    focusNow,
    onSubmitted,
  });
  const { step } = submission;
  const sectionProps = { control, register, errors };

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <HackerFormHeader forcedOpen={forcedOpen} lateMode={lateMode} saveStatus={autosave.status} />

      {user && !user.emailVerified ? <VerifyEmailBanner email={user.email} context="form" /> : null}

      {lateMode ? (
        <LateApplicationAlert
          message={settings.message}
          accessCode={submission.accessCode}
          onAccessCodeChange={submission.editAccessCode}
        />
      ) : null}

      <CustomFormProvider form={form} questions={custom.questions}>
        <form
          ref={formRef}
          noValidate
          aria-label="Hacker application"
          onSubmit={handleSubmit(submission.onValid, submission.onInvalid)}
          className="flex flex-col gap-6"
        >
          <PersonalSection {...sectionProps} email={user?.email} birthdayMessage={birthdayMessage} />
          <AcademicSection {...sectionProps} />
          <ShortAnswersSection {...sectionProps} />
          <LogisticsSection {...sectionProps} />
          <LinksSection resume={resume} resumeError={resumeError} submitting={step === 'submitting'} />
          <CommunitySection {...sectionProps} />
          <TermsSection register={register} errors={errors} />
          <SubmitBar
            saveStatus={autosave.status}
            submitCount={submitCount}
            errorCount={errorCount}
            submitting={step === 'submitting'}
          />
        </form>
      </CustomFormProvider>

      <AccessCodeDialog
        open={step === 'access-code'}
        initialCode={submission.accessCode}
        onCancel={submission.backToForm}
        onVerified={submission.acceptAccessCode}
      />
      <ConfirmSubmitDialog
        open={step === 'confirm' || step === 'submitting'}
        submitting={step === 'submitting'}
        progress={submission.progress}
        onCancel={submission.backToForm}
        onConfirm={() => void submission.onConfirm()}
      />
    </main>
  );
}
