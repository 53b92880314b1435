import { useRef, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  MENTOR_PRESETS,
  mentorAnswersSchema,
  type MentorAnswers,
  type UploadedFile,
} from '@lanyard/shared/application';
import { WORD_LIMITS } from '@lanyard/shared/constants';
import { AccountEmailField } from '@/components/application-form/account-email-field';
import { ApplicationFormHeader } from '@/components/application-form/application-form-header';
import { ConfirmSubmitDialog } from '@/components/application-form/confirm-submit-dialog';
import {
  CustomFormProvider,
  CustomQuestions,
} from '@/components/application-form/custom-questions/custom-questions';
import {
  countErrors,
  firstCustomError,
  type WithCustom,
} from '@/components/application-form/custom-questions/custom-values';
import { useCustomServerErrors } from '@/components/application-form/custom-questions/server-error';
import { useCustomQuestions } from '@/components/application-form/custom-questions/use-custom-questions';
import { EssayField } from '@/components/application-form/essay-field';
import { CheckboxField, ChoiceGroup, FormSection } from '@/components/application-form/fields';
import { RequiredMark } from '@/components/ui/form';
import { ResumeField } from '@/components/application-form/resume-field';
import { SubmitBar } from '@/components/application-form/submit-bar';
import { useApplicationDraft } from '@/components/application-form/use-application-draft';
import { useFirstErrorFocus } from '@/components/application-form/use-first-error-focus';
import { useSubmitFlow } from '@/components/application-form/use-submit-flow';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import { useSubmitMentorApplication } from '../api/submit-mentor-application';
import { AVAILABILITY_QUESTIONS, LIST_QUESTIONS } from '../lib/mentor-questions';
import { draftAnswers, submissionProblem, valuesFromDraft, type MentorFormValues } from '../lib/mentor-form';
import { ListPicker } from './list-picker';
import { QuestionField } from '@/components/application-form/question-field';

// The schema's input type requires the availability answers the form starts without; the values are
// otherwise the same shape, and the schema still checks every one of them.
const resolver = zodResolver(mentorAnswersSchema) as unknown as Resolver<
  MentorFormValues,
  unknown,
  MentorAnswers
>;

const MLH_LINK = 'font-medium text-brand-ink underline underline-offset-2';

interface MentorApplicationFormProps {
  email: string;
  emailVerified: boolean;
  draftAnswers: Record<string, unknown> | null;
  draftResume: UploadedFile | null;
  /** The role's custom questions (public settings); none when they could not be loaded. */
  customQuestions?: readonly CustomQuestion[];
}

/**
 * The mentor application (spec §3, §5), built from the same parts as the hacker form: header, sections,
 * resume uploader, submit bar, confirmation dialog. The toasts of a refused submit are the mentor's own.
 */
export function MentorApplicationForm({
  email,
  emailVerified,
  draftAnswers: saved,
  draftResume,
  customQuestions,
}: MentorApplicationFormProps) {
  const event = useEventConfig();
  const navigate = useNavigate();
  const custom = useCustomQuestions(customQuestions, resolver, draftAnswers, saved);
  const [initialValues] = useState(() => ({ ...valuesFromDraft(saved), ...custom.defaults }));
  const form = useForm<MentorFormValues, unknown, WithCustom<MentorAnswers>>({
    resolver: custom.resolver,
    defaultValues: initialValues,
    // Focus goes to the first invalid answer in page order, as in the hacker form.
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
    'mentor',
    draftResume,
    { getValues, watch },
    custom.toDraft,
  );

  const formRef = useRef<HTMLFormElement>(null);
  const errorCount = countErrors(errors);
  const { focusAfterSubmit, focusNow } = useFirstErrorFocus(formRef, submitCount, errorCount);
  const submit = useSubmitMentorApplication();
  const onRefused = useCustomServerErrors(custom.questions, setError, formRef);
  const flow = useSubmitFlow<WithCustom<MentorAnswers>>({
    autosave,
    resume,
    send: (answers, file) =>
      submit.mutateAsync({ ...answers, ...(file ? { resume_url: file.file_url } : {}) }),
    successMessage: 'Your mentor application has been submitted.',
    onSubmitted: () => void navigate(paths.mentorSubmissionSuccess, { replace: true }),
    onResumeMissing: focusNow,
    onRefused,
  });
  const submitting = flow.step === 'submitting';

  const onInvalid = (formErrors: FieldErrors<MentorFormValues>) => {
    focusAfterSubmit();
    const problem = submissionProblem(getValues());
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const first = Object.values(formErrors).find((e) => e?.message)?.message ?? firstCustomError(formErrors);
    toast.error('Please check your answers', {
      description: typeof first === 'string' ? first : 'Some answers need another look.',
    });
  };

  const name = eventTitle(event);
  const termsError = errors.termsAccepted?.message;

  return (
    <>
      <ApplicationFormHeader
        title="Mentor Application"
        intro={`Help hackers build at ${name}. Mentor applications are reviewed on a rolling basis.`}
        saveStatus={autosave.status}
      />

      {emailVerified ? null : <VerifyEmailBanner email={email} context="form" />}

      <CustomFormProvider form={form} questions={custom.questions}>
        <form
          ref={formRef}
          onSubmit={(e) => void handleSubmit((answers) => flow.confirm(answers), onInvalid)(e)}
          noValidate
          aria-label="Mentor application"
          className="flex flex-col gap-6"
        >
          <FormSection id="mentor-about" title="About You">
            <div className="grid gap-5 sm:grid-cols-2">
              <QuestionField<MentorFormValues> role="mentor" name="firstName" autoComplete="given-name" />
              <QuestionField<MentorFormValues> role="mentor" name="lastName" autoComplete="family-name" />
              <AccountEmailField email={email} />
              <QuestionField<MentorFormValues> role="mentor" name="phone" autoComplete="tel" />
              <QuestionField<MentorFormValues> role="mentor" name="title" autoComplete="organization-title" />
              <QuestionField<MentorFormValues> role="mentor" name="affiliation" autoComplete="organization" />
              <QuestionField<MentorFormValues> role="mentor" name="workEmail" autoComplete="work email" />
            </div>
            <CustomQuestions section={['personal', 'professional']} />
          </FormSection>

          <FormSection
            id="mentor-availability"
            title="Availability"
            description={`The event runs ${event.dates.event}.`}
          >
            {AVAILABILITY_QUESTIONS.map((q) => (
              <Controller
                key={q.field}
                control={control}
                name={q.field}
                render={({ field, fieldState }) => (
                  <ChoiceGroup<string>
                    id={q.field}
                    legend={q.legend}
                    choices={q.choices}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    required
                  />
                )}
              />
            ))}
            <CustomQuestions section="availability" />
          </FormSection>

          <FormSection
            id="mentor-skills"
            title="Skills and Experience"
            description="Pick everything that applies, and add your own where something is missing."
          >
            {LIST_QUESTIONS.map((q) => (
              <Controller
                key={q.field}
                control={control}
                name={q.field}
                render={({ field }) => (
                  <ListPicker
                    id={q.field}
                    legend={q.legend}
                    presets={MENTOR_PRESETS[q.field]}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    customLabel={q.customLabel}
                  />
                )}
              />
            ))}
            <CustomQuestions section="skills" />
          </FormSection>

          <FormSection id="mentor-more" title="Tell Us More">
            <EssayField
              control={control}
              name="whyGoodFit"
              limit={WORD_LIMITS.mentorFit}
              label={`Why are you a good fit to mentor at ${name}? (${WORD_LIMITS.mentorFit} words max)`}
              error={errors.whyGoodFit?.message}
              textareaProps={register('whyGoodFit')}
              required={false}
              enforced
            />
            <QuestionField<MentorFormValues> role="mentor" name="additionalInfo" rows={4} />
            <QuestionField<MentorFormValues> role="mentor" name="howDidYouHear" />
            <ResumeField resume={resume} disabled={submitting} />
            <CustomQuestions section={['essays', 'additional']} />
          </FormSection>

          <FormSection id="mentor-terms" title="Terms">
            {/* One message for both boxes (spec §5), under the second; both are marked while it shows. */}
            <CheckboxField
              id="termsAccepted"
              label={
                <>
                  I agree to the {name} terms and conditions and code of conduct.
                  <RequiredMark />
                </>
              }
              aria-required="true"
              {...register('termsAccepted')}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? 'mlhTermsAccepted-error' : undefined}
            />
            <CheckboxField
              id="mlhTermsAccepted"
              label={
                <>
                  I have read and agree to the{' '}
                  <a
                    href="https://github.com/MLH/mlh-policies/blob/main/code-of-conduct.md"
                    target="_blank"
                    rel="noopener noreferrer"
                    className={MLH_LINK}
                  >
                    MLH Code of Conduct<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  , and I authorize MLH to share my information with event partners under the{' '}
                  <a
                    href="https://github.com/MLH/mlh-policies/blob/main/privacy-policy.md"
                    target="_blank"
                    rel="noopener noreferrer"
                    className={MLH_LINK}
                  >
                    MLH Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  .<RequiredMark />
                </>
              }
              aria-required="true"
              error={termsError}
              {...register('mlhTermsAccepted')}
            />
          </FormSection>

          <SubmitBar
            saveStatus={autosave.status}
            submitCount={submitCount}
            errorCount={errorCount}
            submitting={submitting}
          />
        </form>
      </CustomFormProvider>

      <ConfirmSubmitDialog
        open={flow.step !== 'filling'}
        submitting={submitting}
        progress={flow.progress}
        onCancel={flow.backToForm}
        onConfirm={() => void flow.onConfirm()}
      />
    </>
  );
}
