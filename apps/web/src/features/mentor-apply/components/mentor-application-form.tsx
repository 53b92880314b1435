import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CircleAlert, CloudCheck, Send } from 'lucide-react';
import { toast } from 'sonner';
import {
  MENTOR_PRESETS,
  mentorAnswersSchema,
  type MentorAnswers,
  type UploadedFile,
} from '@lanyard/shared/application';
import { WORD_LIMITS } from '@lanyard/shared/constants';
import { countWords } from '@lanyard/shared/dates';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';
import { cn } from '@/lib/utils';
import { useSubmitMentorApplication } from '../api/submit-mentor-application';
import {
  AVAILABILITY_CHOICES,
  LIST_QUESTIONS,
  ONSITE_CHOICES,
  WORKSHOP_CHOICES,
} from '../lib/mentor-questions';
import { draftAnswers, submissionProblem, valuesFromDraft, type MentorFormValues } from '../lib/mentor-form';
import { useDraftAutosave, type DraftSaveState } from '../lib/use-draft-autosave';
import { ChoiceGroup } from './choice-group';
import { ListPicker } from './list-picker';
import { ResumeField } from './resume-field';

const SUBMIT_FALLBACK = 'An unexpected error occurred. Please try again.';

// The schema's input type requires the availability answers the form starts without; the values are
// otherwise the same shape, and the schema still checks every one of them.
const resolver = zodResolver(mentorAnswersSchema) as unknown as Resolver<
  MentorFormValues,
  unknown,
  MentorAnswers
>;

/** "Saving..." / "Saved"; only one of the two copies on the page is a live region. */
function SaveIndicator({ state, live = false }: { state: DraftSaveState; live?: boolean }) {
  return (
    <p
      role={live ? 'status' : undefined}
      className="flex min-h-5 items-center gap-1.5 text-sm text-slate-600"
    >
      {state === 'saving' ? (
        <>
          <Spinner className="size-4" /> Saving...
        </>
      ) : state === 'saved' ? (
        <>
          <CloudCheck aria-hidden="true" className="size-4 text-green-700" /> Saved
        </>
      ) : state === 'error' ? (
        <>
          <CircleAlert aria-hidden="true" className="size-4 text-red-700" />
          <span className="text-red-800">
            Couldn&apos;t save your draft. We&apos;ll try again as you type.
          </span>
        </>
      ) : null}
    </p>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </Card>
  );
}

const Required = () => (
  <span aria-hidden="true" className="text-red-700">
    {' '}
    *
  </span>
);

interface MentorApplicationFormProps {
  email: string;
  emailVerified: boolean;
  draftAnswers: Record<string, unknown> | null;
  draftResume: UploadedFile | null;
}

export function MentorApplicationForm({
  email,
  emailVerified,
  draftAnswers: saved,
  draftResume,
}: MentorApplicationFormProps) {
  const event = useEventConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initialValues] = useState(() => valuesFromDraft(saved));
  const {
    register,
    control,
    handleSubmit,
    getValues,
    subscribe,
    formState: { errors },
  } = useForm<MentorFormValues, unknown, MentorAnswers>({
    resolver,
    defaultValues: initialValues,
    shouldFocusError: true,
  });
  const [resume, setResume] = useState<UploadedFile | null>(draftResume);
  const resumeRef = useRef(resume);
  resumeRef.current = resume;
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState<MentorAnswers | null>(null);
  const submit = useSubmitMentorApplication();

  const autosave = useDraftAutosave(() => ({
    role: 'mentor',
    answers: draftAnswers(getValues()),
    resume_url: resumeRef.current?.file_url ?? null,
  }));
  const { schedule } = autosave;

  // Every change to the answers is saved once typing pauses.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => schedule() }),
    [subscribe, schedule],
  );

  const changeResume = (file: UploadedFile | null) => {
    setResume(file);
    resumeRef.current = file;
    schedule();
  };

  const whyGoodFit = useWatch({ control, name: 'whyGoodFit' });
  const words = countWords(whyGoodFit ?? '');
  const overLimit = words > WORD_LIMITS.mentorFit;

  const onValid = (answers: MentorAnswers) => setPending(answers);
  const onInvalid = (formErrors: FieldErrors<MentorFormValues>) => {
    const problem = submissionProblem(getValues());
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const first = Object.values(formErrors).find((e) => e?.message)?.message;
    toast.error('Please check your answers', {
      description: typeof first === 'string' ? first : 'Some answers need another look.',
    });
  };
  const onSubmit = handleSubmit(onValid, onInvalid);

  const confirm = async () => {
    if (!pending) return;
    const body = { ...pending, ...(resume ? { resume_url: resume.file_url } : {}) };
    // A draft save landing after the submit would be refused: stop them first.
    await autosave.stop();
    submit.mutate(body, {
      onSuccess: () => {
        toast.success('Success!', { description: 'Your mentor application has been submitted.' });
        void navigate(paths.mentorSubmissionSuccess, { replace: true });
      },
      onError: (err) => {
        setPending(null);
        autosave.resume();
        // The banner above the form follows the account's state, whichever tab changed it.
        if (isApiError(err) && err.code === 'email_unverified') {
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }
        toast.error('Submission Error', { description: errorMessage(err, SUBMIT_FALLBACK) });
      },
    });
  };

  const textField = (
    name: 'firstName' | 'lastName' | 'phone' | 'title' | 'affiliation' | 'workEmail' | 'howDidYouHear',
    label: string,
    opts: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <FormField
      id={`mentor-${name}`}
      label={
        <>
          {label}
          {opts.required ? <Required /> : null}
        </>
      }
      error={errors[name]?.message}
      hint={opts.hint}
    >
      {(controlProps) => (
        <Input
          {...controlProps}
          {...register(name)}
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          aria-required={opts.required || undefined}
        />
      )}
    </FormField>
  );

  const name = eventTitle(event);
  const busy = submit.isPending;

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Mentor application"
      className="flex flex-col gap-6"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mentor Application</h1>
          <p className="text-slate-700">
            Help hackers build at {name}. Mentor applications are reviewed on a rolling basis.
          </p>
          <p className="text-sm text-slate-600">
            Fields marked <span className="text-red-700">*</span> are required. Your answers are saved as you
            go.
          </p>
        </div>
        <SaveIndicator state={autosave.state} live />
      </div>

      {emailVerified ? null : <VerifyEmailBanner email={email} context="form" />}

      <Section id="mentor-about" title="About You">
        <div className="grid gap-6 sm:grid-cols-2">
          {textField('firstName', 'First Name', { required: true, autoComplete: 'given-name' })}
          {textField('lastName', 'Last Name', { required: true, autoComplete: 'family-name' })}
          <FormField id="mentor-email" label="Email" hint="From your account; it can't be changed here.">
            {(controlProps) => <Input {...controlProps} type="email" value={email} readOnly />}
          </FormField>
          {textField('phone', 'Phone Number', { required: true, type: 'tel', autoComplete: 'tel' })}
          {textField('title', 'Title', {
            required: true,
            autoComplete: 'organization-title',
            hint: 'For example, Software Engineer.',
          })}
          {textField('affiliation', 'Affiliation', {
            required: true,
            autoComplete: 'organization',
            hint: 'Company, university or organization.',
          })}
          {textField('workEmail', 'Work Email (optional)', { type: 'email', autoComplete: 'work email' })}
        </div>
      </Section>

      <Section
        id="mentor-availability"
        title="Availability"
        description={`The event runs ${event.dates.event}.`}
      >
        <ChoiceGroup
          id="mentor-mentorAvailability"
          legend="Available to mentor?"
          options={AVAILABILITY_CHOICES}
          registration={register('mentorAvailability')}
          error={errors.mentorAvailability?.message}
          required
        />
        <ChoiceGroup
          id="mentor-judgeAvailability"
          legend="Available to judge?"
          options={AVAILABILITY_CHOICES}
          registration={register('judgeAvailability')}
          error={errors.judgeAvailability?.message}
          required
        />
        <ChoiceGroup
          id="mentor-workshopInterest"
          legend="Interested in running a workshop?"
          options={WORKSHOP_CHOICES}
          registration={register('workshopInterest')}
          error={errors.workshopInterest?.message}
          required
        />
        <ChoiceGroup
          id="mentor-onsiteAvailability"
          legend="How will you take part?"
          options={ONSITE_CHOICES}
          registration={register('onsiteAvailability')}
          error={errors.onsiteAvailability?.message}
          required
        />
      </Section>

      <Section
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
                id={`mentor-${q.field}`}
                legend={q.legend}
                presets={MENTOR_PRESETS[q.field]}
                value={field.value ?? []}
                onChange={field.onChange}
                customLabel={q.customLabel}
              />
            )}
          />
        ))}
      </Section>

      <Section id="mentor-more" title="Tell Us More">
        <FormField
          id="mentor-whyGoodFit"
          label={`Why are you a good fit to mentor at ${name}? (${WORD_LIMITS.mentorFit} words max)`}
          error={errors.whyGoodFit?.message}
        >
          {(controlProps) => (
            <>
              <Textarea
                {...controlProps}
                {...register('whyGoodFit')}
                aria-invalid={controlProps['aria-invalid'] ?? (overLimit || undefined)}
                aria-describedby={[controlProps['aria-describedby'], 'mentor-whyGoodFit-count']
                  .filter(Boolean)
                  .join(' ')}
                rows={6}
              />
              <p
                id="mentor-whyGoodFit-count"
                className={cn(
                  'text-xs tabular-nums',
                  overLimit ? 'font-semibold text-red-700' : 'text-slate-600',
                )}
              >
                {words}/{WORD_LIMITS.mentorFit} words
                {overLimit ? ' (Word Limit Exceeded)' : ''}
              </p>
            </>
          )}
        </FormField>
        <FormField
          id="mentor-additionalInfo"
          label="Anything else you'd like us to know? (optional)"
          error={errors.additionalInfo?.message}
        >
          {(controlProps) => <Textarea {...controlProps} {...register('additionalInfo')} rows={4} />}
        </FormField>
        {textField('howDidYouHear', 'How did you hear about us? (optional)')}
        <ResumeField
          id="mentor-resume"
          value={resume}
          onChange={changeResume}
          onUploadingChange={setUploading}
        />
      </Section>

      <Section id="mentor-terms" title="Terms">
        <div className="flex flex-col gap-4">
          <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              required
              {...register('termsAccepted')}
              aria-invalid={errors.termsAccepted ? true : undefined}
              aria-describedby={errors.termsAccepted ? 'mentor-terms-error' : undefined}
              className="mt-0.5 size-4 shrink-0 accent-(--brand-ink)"
            />
            <span>
              I agree to the {name} terms and conditions and code of conduct.
              <Required />
            </span>
          </label>
          <label className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              required
              {...register('mlhTermsAccepted')}
              aria-invalid={errors.termsAccepted ? true : undefined}
              aria-describedby={errors.termsAccepted ? 'mentor-terms-error' : undefined}
              className="mt-0.5 size-4 shrink-0 accent-(--brand-ink)"
            />
            <span>
              I have read and agree to the{' '}
              <a
                href="https://github.com/MLH/mlh-policies/blob/main/code-of-conduct.md"
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-ink underline underline-offset-2"
              >
                MLH Code of Conduct<span className="sr-only"> (opens in a new tab)</span>
              </a>
              , and I authorize MLH to share my information with event partners under the{' '}
              <a
                href="https://github.com/MLH/mlh-policies/blob/main/privacy-policy.md"
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-ink underline underline-offset-2"
              >
                MLH Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
              </a>
              .
              <Required />
            </span>
          </label>
          {errors.termsAccepted?.message ? (
            <p id="mentor-terms-error" className="text-sm font-medium text-red-700">
              {errors.termsAccepted.message}
            </p>
          ) : null}
        </div>
      </Section>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <SaveIndicator state={autosave.state} />
        <Button type="submit" size="lg" disabled={busy || uploading}>
          {busy ? <Spinner /> : <Send aria-hidden="true" />}
          {uploading ? 'Uploading resume...' : 'Submit Application'}
        </Button>
      </div>

      <Dialog open={pending !== null} onOpenChange={(open) => !open && !busy && setPending(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Submit your mentor application?</DialogTitle>
            <DialogDescription>
              Please review your answers first: once submitted, your responses cannot be edited.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setPending(null)} disabled={busy}>
              Keep Editing
            </Button>
            <Button onClick={() => void confirm()} disabled={busy}>
              {busy ? (
                <>
                  <Spinner /> Submitting...
                </>
              ) : (
                'Submit Application'
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
