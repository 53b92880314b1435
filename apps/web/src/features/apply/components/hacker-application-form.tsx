import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ExternalLink, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import {
  GENDER_LABELS,
  GENDERS,
  GUARDIAN_MESSAGE,
  HIGH_SCHOOL_YEAR_LABELS,
  HIGH_SCHOOL_YEARS,
  RACE_LABELS,
  RACES,
  TERMS_MESSAGE,
  type DraftBody,
  type HackerAnswers,
  type UploadedFile,
} from '@lanyard/shared/application';
import { SHIRT_SIZES, WORD_LIMITS } from '@lanyard/shared/constants';
import type { PublicSettings } from '@lanyard/shared/settings';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { errorMessage, isApiError } from '@/lib/api-client';
import { meQueryKey, useUser } from '@/lib/auth/get-me';
import type { Draft } from '../api/get-draft';
import { publicSettingsQueryKey } from '../api/get-public-settings';
import { useSubmitHackerApplication, type HackerSubmission } from '../api/submit-hacker-application';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useResumeUpload } from '../hooks/use-resume-upload';
import { prefersReducedMotion } from '../lib/confetti';
import {
  draftAnswersFromForm,
  formValuesFromDraft,
  isMinorOnEventDay,
  showGuardianField,
  submissionAnswers,
  type HackerFormValues,
} from '../lib/form-values';
import { hackerFormResolver } from '../lib/resolver';
import { AccessCodeDialog } from './access-code-dialog';
import { CityAutocomplete } from './city-autocomplete';
import { ConfirmSubmitDialog } from './confirm-submit-dialog';
import {
  CheckboxField,
  ChoiceGroup,
  EssayField,
  FormSection,
  RequiredMark,
  YesNoField,
} from './form-controls';
import { ResumeField } from './resume-field';
import { SaveIndicator } from './save-indicator';
import { SchoolPicker } from './school-picker';

type FormControl = Control<HackerFormValues, unknown, HackerAnswers>;
type Step = 'filling' | 'access-code' | 'confirm' | 'submitting';

export const RESUME_REQUIRED_MESSAGE = 'Please upload your resume.';
const BIRTHDAY_FIELDS = ['birthMonth', 'birthDay', 'birthYear'] as const;

/** Empty number inputs are "not answered" (undefined), anything else a number (NaN fails the schema). */
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
/** The empty "Select..." option means "not answered". */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Scrolls to and focuses the first control marked invalid, in page order; null if there is none yet. */
function focusFirstInvalid(root: HTMLElement | null): HTMLElement | null {
  const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!el) return null;
  const proxy = el.dataset.focusProxy ? document.getElementById(el.dataset.focusProxy) : null;
  const target = proxy ?? el;
  target.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return el;
}

/** The inline error shown for a control (its own, or its group's), as on screen. */
function inlineErrorOf(el: HTMLElement): string | null {
  const ids = [el, el.closest('fieldset')].flatMap(
    (node) => node?.getAttribute('aria-describedby')?.split(/\s+/) ?? [],
  );
  for (const id of ids) {
    if (!id.endsWith('-error')) continue;
    const text = document.getElementById(id)?.textContent?.trim();
    if (text) return text;
  }
  return null;
}

/**
 * One toast per failed submit, about the answer the focus moved to: the spec's own toast when that
 * is the terms or the guardian, else how many answers need attention and the first of them.
 * (Toasting every rule that failed named the last problem while the focus went to the first.)
 */
function toastFirstError(message: string | null, count: number) {
  if (message === TERMS_MESSAGE) {
    toast.error('Terms and Conditions', { description: TERMS_MESSAGE });
  } else if (message === GUARDIAN_MESSAGE) {
    toast.error('Guardian Information', { description: GUARDIAN_MESSAGE });
  } else {
    toast.error(attentionText(count), message ? { description: message } : undefined);
  }
}

const attentionText = (count: number) =>
  `${count} ${count === 1 ? 'answer needs' : 'answers need'} your attention`;

interface HackerApplicationFormProps {
  settings: PublicSettings;
  draft: Draft | null;
  onSubmitted: () => void;
}

export function HackerApplicationForm({ settings, draft, onSubmitted }: HackerApplicationFormProps) {
  const event = useEventConfig();
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const forcedOpen = settings.force_application_open;
  const lateMode = !forcedOpen && settings.status === 'late';

  const resolver = useMemo(() => hackerFormResolver(event.startDate), [event.startDate]);
  const [defaultValues] = useState(() => formValuesFromDraft(draft?.answers));
  const {
    register,
    control,
    handleSubmit,
    getValues,
    watch,
    formState: { errors, submitCount },
  } = useForm<HackerFormValues, unknown, HackerAnswers>({
    resolver,
    defaultValues,
    shouldFocusError: false,
  });

  // Draft autosave: about a second after any change, with the uploaded resume.
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

  const [step, setStep] = useState<Step>('filling');
  const [progress, setProgress] = useState(0);
  const [accessCode, setAccessCode] = useState('');
  const [verifiedCode, setVerifiedCode] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const answersRef = useRef<HackerAnswers | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmitHackerApplication();

  const resumeMissing = resume.state.status === 'empty';
  const resumeError = submitCount > 0 && resumeMissing ? RESUME_REQUIRED_MESSAGE : undefined;

  const birthError = BIRTHDAY_FIELDS.some((f) => errors[f]) ? errors.birthDay?.message : undefined;
  const birthdayMessage = birthError ? 'Please enter a valid birthday' : undefined;
  const errorCount =
    Object.keys(errors).filter((k) => !(BIRTHDAY_FIELDS as readonly string[]).includes(k)).length +
    (birthdayMessage ? 1 : 0) +
    (resumeError ? 1 : 0);

  // After a submit attempt, once its errors are on screen (react-hook-form publishes them, with the
  // new submitCount, after onValid/onInvalid return), move to the first one and say what it is.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const first = focusFirstInvalid(formRef.current);
    if (first) toastFirstError(inlineErrorOf(first), errorCount);
  }, [focusRequest, submitCount, errorCount]);
  const focusAfterSubmit = () => {
    focusPending.current = true;
  };
  const focusNow = () => {
    focusPending.current = true;
    setFocusRequest((n) => n + 1);
  };

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

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold tracking-wide text-brand-ink uppercase">{eventTitle(event)}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Hacker Application</h1>
        <p className="text-slate-700">
          Tell us about yourself. Your answers are saved as a draft while you type, so you can come back
          later. Fields marked <span className="text-red-700">*</span> are required.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          {forcedOpen ? (
            <Badge tone="blue">
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              Admin Override: Applications Forced Open
            </Badge>
          ) : null}
          {lateMode ? (
            <Badge tone="orange">
              <AlertTriangle aria-hidden="true" className="size-3.5" />
              Late Application
            </Badge>
          ) : null}
          <SaveIndicator status={autosave.status} />
        </div>
      </header>

      {user && !user.emailVerified ? <VerifyEmailBanner email={user.email} context="form" /> : null}

      {lateMode ? (
        <Alert tone="warning">
          <AlertTriangle aria-hidden="true" />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div>
              <AlertTitle>Late application</AlertTitle>
              <AlertDescription>
                {settings.message} You will be asked for your access code when you submit.
              </AlertDescription>
            </div>
            <FormField id="access-code" label="Access code" className="max-w-xs">
              {(ctl) => (
                <Input
                  {...ctl}
                  value={accessCode}
                  onChange={(e) => {
                    setAccessCode(e.target.value);
                    setVerifiedCode(null);
                  }}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              )}
            </FormField>
          </div>
        </Alert>
      ) : null}

      <form
        ref={formRef}
        noValidate
        aria-label="Hacker application"
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="flex flex-col gap-6"
      >
        <FormSection id="personal" title="Personal Information">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="firstName"
              label={
                <>
                  First name
                  <RequiredMark />
                </>
              }
              error={errors.firstName?.message}
            >
              {(ctl) => (
                <Input {...ctl} {...register('firstName')} autoComplete="given-name" aria-required="true" />
              )}
            </FormField>
            <FormField
              id="lastName"
              label={
                <>
                  Last name
                  <RequiredMark />
                </>
              }
              error={errors.lastName?.message}
            >
              {(ctl) => (
                <Input {...ctl} {...register('lastName')} autoComplete="family-name" aria-required="true" />
              )}
            </FormField>
            <FormField id="email" label="Email" hint="From your account; it cannot be changed here.">
              {(ctl) => (
                <Input
                  {...ctl}
                  type="email"
                  value={user?.email ?? ''}
                  readOnly
                  className="bg-slate-100 text-slate-700"
                />
              )}
            </FormField>
            <FormField
              id="phone"
              label={
                <>
                  Phone number
                  <RequiredMark />
                </>
              }
              error={errors.phone?.message}
            >
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('phone')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="+1 555 123 4567"
                  aria-required="true"
                />
              )}
            </FormField>
          </div>

          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={birthdayMessage ? 'birthday-error' : undefined}
          >
            <legend className="mb-2 text-sm font-medium text-slate-800">
              Date of birth
              <RequiredMark />
            </legend>
            <div className="grid grid-cols-3 gap-3 sm:max-w-md">
              {(
                [
                  ['birthMonth', 'Month', 'MM', 1, 12],
                  ['birthDay', 'Day', 'DD', 1, 31],
                  ['birthYear', 'Year', 'YYYY', 1900, new Date().getFullYear()],
                ] as const
              ).map(([name, label, placeholder, min, max]) => (
                <div key={name} className="flex flex-col gap-1.5">
                  <label htmlFor={name} className="text-xs font-medium text-slate-700">
                    {label}
                  </label>
                  <Input
                    id={name}
                    type="number"
                    inputMode="numeric"
                    min={min}
                    max={max}
                    placeholder={placeholder}
                    aria-label={`Birth ${label.toLowerCase()}`}
                    aria-required="true"
                    aria-invalid={birthdayMessage ? true : undefined}
                    aria-describedby={birthdayMessage ? 'birthday-error' : undefined}
                    {...register(name, {
                      setValueAs: toNumber,
                      // The birthday's one message sits on birthDay but depends on all three parts:
                      // once errors show, a change to any part re-checks the others, so the message
                      // (and its place in the count) goes as soon as the date is valid.
                      deps: BIRTHDAY_FIELDS.filter((f) => f !== name),
                    })}
                  />
                </div>
              ))}
            </div>
            {birthdayMessage ? (
              <p id="birthday-error" className="text-sm font-medium text-red-700">
                {birthdayMessage}
              </p>
            ) : null}
          </fieldset>

          <GuardianField
            control={control}
            startDate={event.startDate}
            register={register('guardianName')}
            error={errors.guardianName?.message}
          />

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="gender" label="Gender" error={errors.gender?.message}>
              {(ctl) => (
                <NativeSelect {...ctl} {...register('gender', { setValueAs: emptyToUndefined })}>
                  <option value="">Select...</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {GENDER_LABELS[g]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="race" label="Race / ethnicity" error={errors.race?.message}>
              {(ctl) => (
                <NativeSelect {...ctl} {...register('race', { setValueAs: emptyToUndefined })}>
                  <option value="">Select...</option>
                  {RACES.map((r) => (
                    <option key={r} value={r}>
                      {RACE_LABELS[r]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <OtherText
              control={control}
              when={(v) => v.gender === 'other'}
              id="genderOther"
              label="Please specify your gender"
              register={register('genderOther')}
              error={errors.genderOther?.message}
            />
            <OtherText
              control={control}
              when={(v) => v.race === 'raceOther'}
              id="raceOther"
              label="Please specify your race or ethnicity"
              register={register('raceOther')}
              error={errors.raceOther?.message}
            />
            <FormField id="shirtSize" label="Shirt size" error={errors.shirtSize?.message}>
              {(ctl) => (
                <NativeSelect {...ctl} {...register('shirtSize', { setValueAs: emptyToUndefined })}>
                  <option value="">Select...</option>
                  {SHIRT_SIZES.map((s) => (
                    <option key={s} value={s}>
                      {s.toUpperCase()}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
        </FormSection>

        <FormSection id="academic" title="Academic Information">
          <FormField
            id="university"
            label={
              <>
                School
                <RequiredMark />
              </>
            }
            hint={`Pick from the list, or choose 'Use "..."' to keep what you typed.`}
            error={errors.university?.message}
          >
            {(ctl) => (
              <Controller
                control={control}
                name="university"
                render={({ field }) => (
                  <SchoolPicker
                    {...ctl}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                )}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="major"
              label={
                <>
                  Major
                  <RequiredMark />
                </>
              }
              error={errors.major?.message}
            >
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('major')}
                  placeholder="e.g. Computer Science"
                  aria-required="true"
                />
              )}
            </FormField>
            <FormField
              id="graduationYear"
              label={
                <>
                  Graduation year
                  <RequiredMark />
                </>
              }
              error={errors.graduationYear?.message}
            >
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('graduationYear')}
                  inputMode="numeric"
                  placeholder="e.g. 2027"
                  aria-required="true"
                />
              )}
            </FormField>
          </div>
          <CheckboxField
            id="isHighSchool"
            label="I am currently in high school"
            {...register('isHighSchool')}
          />
          <HighSchoolYear
            control={control}
            register={register('highSchoolYear', { setValueAs: emptyToUndefined })}
            error={errors.highSchoolYear?.message}
          />
        </FormSection>

        <FormSection
          id="essays"
          title="Short Answers"
          description="The word counts are guides, not hard limits. Write in your own voice."
        >
          <EssayField
            control={control}
            name="backgroundQuestion"
            limit={WORD_LIMITS.background}
            label={
              <>
                Tell us about your background: what you study, what you build and what you want to learn.
                <RequiredMark />
              </>
            }
            error={errors.backgroundQuestion?.message}
            textareaProps={register('backgroundQuestion')}
          />
          <EssayField
            control={control}
            name="householdObjectQuestion"
            limit={WORD_LIMITS.householdObject}
            label={
              <>
                Which household object do you identify with the most, and why?
                <RequiredMark />
              </>
            }
            error={errors.householdObjectQuestion?.message}
            textareaProps={register('householdObjectQuestion')}
          />
          <EssayField
            control={control}
            name="whyAttendQuestion"
            limit={WORD_LIMITS.whyAttend}
            label={
              <>
                Why do you want to attend {event.name}?
                <RequiredMark />
              </>
            }
            error={errors.whyAttendQuestion?.message}
            textareaProps={register('whyAttendQuestion')}
          />
        </FormSection>

        <FormSection id="logistics" title="Logistics">
          <FormField
            id="travelFrom"
            label={
              <>
                Travelling from
                <RequiredMark />
              </>
            }
            hint="The city you will travel from to the event."
            error={errors.travelFrom?.message}
          >
            {(ctl) => (
              <Controller
                control={control}
                name="travelFrom"
                render={({ field }) => (
                  <CityAutocomplete
                    {...ctl}
                    messageId="travelFrom-lookup"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                )}
              />
            )}
          </FormField>
          <YesNoField control={control} name="needsVisa" legend="Will you need visa sponsorship to attend?" />
          <YesNoField
            control={control}
            name="needsAccommodation"
            legend="Will you need any accommodations (for example accessibility needs) to take part?"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="dietaryRestrictions"
              label="Dietary restrictions"
              hint="Leave blank if none."
              error={errors.dietaryRestrictions?.message}
            >
              {(ctl) => <Input {...ctl} {...register('dietaryRestrictions')} placeholder="e.g. vegetarian" />}
            </FormField>
            <FormField
              id="howDidYouHear"
              label={
                <>
                  How did you hear about us?
                  <RequiredMark />
                </>
              }
              error={errors.howDidYouHear?.message}
            >
              {(ctl) => <Input {...ctl} {...register('howDidYouHear')} aria-required="true" />}
            </FormField>
          </div>
        </FormSection>

        <FormSection id="links" title="Links" description="Your resume and, if you like, a portfolio.">
          <ResumeField
            state={resume.state}
            error={resumeError}
            disabled={step === 'submitting'}
            onChoose={resume.choose}
            onRemove={() => void resume.remove()}
          />
          <FormField
            id="portfolio"
            label="Portfolio or GitHub link"
            hint="Optional. A full link starting with https://"
            error={errors.portfolio?.message}
          >
            {(ctl) => (
              <Input
                {...ctl}
                {...register('portfolio')}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://github.com/you"
              />
            )}
          </FormField>
        </FormSection>

        <FormSection id="community" title="Community">
          <Controller
            control={control}
            name="socialMediaConnection"
            render={({ field, fieldState }) => (
              <ChoiceGroup
                id="socialMediaConnection"
                legend={`Have you connected with ${event.name} on social media?`}
                choices={[
                  { value: 'yes', label: 'Yes, I follow already' },
                  { value: 'will-do-now', label: "Not yet, I'll do it now" },
                ]}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          {event.socialLinks.length > 0 ? (
            <ul className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {event.socialLinks.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-ink underline-offset-4 hover:underline"
                  >
                    {link.label}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <FormField
            id="referralName"
            label="Referral name"
            hint="Optional. Who told you about the event?"
            error={errors.referralName?.message}
          >
            {(ctl) => <Input {...ctl} {...register('referralName')} autoComplete="off" />}
          </FormField>
          <CheckboxField
            id="recruitmentEmails"
            label="Send me recruiting e-mails from the event's sponsors"
            {...register('recruitmentEmails')}
          />
        </FormSection>

        <FormSection id="terms" title="Terms">
          <CheckboxField
            id="termsAccepted"
            label={
              <>
                I agree to the {event.name} terms and conditions and code of conduct.
                <RequiredMark />
              </>
            }
            aria-required="true"
            error={errors.termsAccepted?.message}
            {...register('termsAccepted')}
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
                  className="font-medium text-brand-ink underline underline-offset-2"
                >
                  MLH Code of Conduct
                </a>{' '}
                and the{' '}
                <a
                  href="https://github.com/MLH/mlh-policies/blob/main/privacy-policy.md"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-ink underline underline-offset-2"
                >
                  MLH Privacy Policy
                </a>
                .<RequiredMark />
              </>
            }
            aria-required="true"
            error={errors.mlhTermsAccepted?.message}
            {...register('mlhTermsAccepted')}
          />
        </FormSection>

        <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <SaveIndicator status={autosave.status} announce={false} className="hidden sm:flex" />
            <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
              {submitCount > 0 && errorCount > 0 ? `${attentionText(errorCount)}.` : ''}
            </p>
          </div>
          <Button type="submit" size="lg" disabled={step === 'submitting'} className="w-full sm:w-auto">
            Submit Application
          </Button>
        </div>
      </form>

      <AccessCodeDialog
        open={step === 'access-code'}
        initialCode={accessCode}
        onCancel={backToForm}
        onVerified={(code) => {
          setAccessCode(code);
          setVerifiedCode(code);
          setStep('confirm');
        }}
      />
      <ConfirmSubmitDialog
        open={step === 'confirm' || step === 'submitting'}
        submitting={step === 'submitting'}
        progress={progress}
        onCancel={backToForm}
        onConfirm={() => void onConfirm()}
      />
    </main>
  );
}

type Registration = UseFormRegisterReturn;

/** Shown when the birth year is after 2006; required when under 18 on the event's first day (spec §5). */
function GuardianField({
  control,
  startDate,
  register,
  error,
}: {
  control: FormControl;
  startDate: string;
  register: Registration;
  error?: string | undefined;
}) {
  const [birthYear, birthMonth, birthDay] = useWatch({
    control,
    name: ['birthYear', 'birthMonth', 'birthDay'],
  });
  if (!showGuardianField(birthYear)) return null;
  const minor = isMinorOnEventDay(startDate, { birthYear, birthMonth, birthDay });
  return (
    <FormField
      id="guardianName"
      label={
        <>
          Parent or guardian's full name
          {minor ? <RequiredMark /> : null}
        </>
      }
      hint="Required for applicants under 18 on the first day of the event."
      error={error}
    >
      {(ctl) => (
        <Input {...ctl} {...register} autoComplete="off" aria-required={minor ? 'true' : undefined} />
      )}
    </FormField>
  );
}

/** A free-text "please specify" field shown only for the "Other" choice. */
function OtherText({
  control,
  when,
  id,
  label,
  register,
  error,
}: {
  control: FormControl;
  when: (values: Pick<HackerFormValues, 'gender' | 'race'>) => boolean;
  id: string;
  label: string;
  register: Registration;
  error?: string | undefined;
}) {
  const [gender, race] = useWatch({ control, name: ['gender', 'race'] });
  if (!when({ gender, race })) return null;
  return (
    <FormField
      id={id}
      label={
        <>
          {label}
          <RequiredMark />
        </>
      }
      error={error}
      className="sm:col-span-2"
    >
      {(ctl) => <Input {...ctl} {...register} aria-required="true" />}
    </FormField>
  );
}

function HighSchoolYear({
  control,
  register,
  error,
}: {
  control: FormControl;
  register: Registration;
  error?: string | undefined;
}) {
  const isHighSchool = useWatch({ control, name: 'isHighSchool' });
  if (!isHighSchool) return null;
  return (
    <FormField
      id="highSchoolYear"
      label={
        <>
          Year in high school
          <RequiredMark />
        </>
      }
      error={error}
      className="sm:max-w-xs"
    >
      {(ctl) => (
        <NativeSelect {...ctl} {...register} aria-required="true">
          <option value="">Select...</option>
          {HIGH_SCHOOL_YEARS.map((y) => (
            <option key={y} value={y}>
              {HIGH_SCHOOL_YEAR_LABELS[y]}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
