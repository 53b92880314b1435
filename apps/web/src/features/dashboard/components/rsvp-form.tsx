import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import type { z } from 'zod';
import { rsvpRules, rsvpSubmissionObject, type RsvpSubmission } from '@lanyard/shared/rsvp';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { RsvpSubmissionBody } from '../api/submit-rsvp';
import { PhotoField, PronounField, Required, ResponseField, WaiverField } from './rsvp-form-fields';
import { isAttending, type RsvpApplicantStatus } from '../lib/rsvp-card';

/** What the form holds while it is filled in (the shared schema's input side). */
export type RsvpFormValues = z.input<typeof rsvpSubmissionObject>;

/**
 * The shared RSVP rules (@lanyard/shared) through react-hook-form. Only an accepted applicant confirming attendance
 * gives details; any other answer is just the response, so fields hidden by the choice never block it.
 */
export function rsvpResolver(status: RsvpApplicantStatus): Resolver<RsvpFormValues, unknown, RsvpSubmission> {
  const schema = rsvpSubmissionObject.superRefine((v, ctx) => rsvpRules(v, ctx, status));
  const resolve = zodResolver(schema) as unknown as Resolver<RsvpFormValues, unknown, RsvpSubmission>;
  return (values, context, options) =>
    resolve(
      isAttending(status, values.response) ? values : ({ response: values.response } as RsvpFormValues),
      context,
      options,
    );
}

/** The body sent: the details when attending, else only the response. */
export function toSubmissionBody(status: RsvpApplicantStatus, values: RsvpSubmission): RsvpSubmissionBody {
  if (!isAttending(status, values.response)) return { response: values.response };
  return { ...values, pronounOther: values.pronoun === 'Other' ? values.pronounOther : '' };
}

export interface RsvpFormProps {
  status: RsvpApplicantStatus;
  /** Prefills the school name (the application's university). */
  schoolName: string;
  liabilityWaiverUrl: string;
  photoReleaseUrl: string;
  /** An answer is being sent. */
  pending: boolean;
  /** A valid answer: the card asks for confirmation, then sends it. */
  onValid: (values: RsvpSubmission) => void;
}

/** The RSVP answer: radio cards for the response, then the attendance details if attending. */
export function RsvpForm({
  status,
  schoolName,
  liabilityWaiverUrl,
  photoReleaseUrl,
  pending,
  onValid,
}: RsvpFormProps) {
  const { control, register, handleSubmit, formState } = useForm<RsvpFormValues, unknown, RsvpSubmission>({
    resolver: rsvpResolver(status),
    defaultValues: {
      preferredName: '',
      schoolName,
      pronounOther: '',
      linkedinUrl: '',
      githubUrl: '',
      liabilityWaiverAccepted: false,
      photoClearanceAccepted: false,
      photoSharingOptOut: false,
    },
  });
  const response = useWatch({ control, name: 'response' });
  const attending = isAttending(status, response);
  const errors = formState.errors;

  return (
    <form
      noValidate
      aria-label="RSVP"
      className="flex flex-col gap-6"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
    >
      <ResponseField control={control} status={status} />

      {attending ? (
        <div className="flex flex-col gap-6 border-t border-slate-200 pt-6">
          {/* The asterisks are visual; screen readers hear "required" from the controls themselves. */}
          <p className="text-sm text-slate-600" aria-hidden="true">
            A few details for the event. Fields marked * are required.
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="rsvp-preferred-name"
              label={<Required>Preferred name</Required>}
              error={errors.preferredName?.message}
              hint="The name you'd like us to use at the event."
            >
              {(ctl) => (
                <Input {...ctl} {...register('preferredName')} autoComplete="name" aria-required="true" />
              )}
            </FormField>
            <FormField
              id="rsvp-school-name"
              label={<Required>School name</Required>}
              error={errors.schoolName?.message}
              hint="Your school's official name."
            >
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('schoolName')}
                  autoComplete="organization"
                  aria-required="true"
                />
              )}
            </FormField>
          </div>

          <PronounField
            control={control}
            error={errors.pronoun?.message}
            otherError={errors.pronounOther?.message}
            register={register}
          />

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="rsvp-linkedin" label="LinkedIn URL (optional)" error={errors.linkedinUrl?.message}>
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('linkedinUrl')}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://www.linkedin.com/in/you"
                />
              )}
            </FormField>
            <FormField id="rsvp-github" label="GitHub URL (optional)" error={errors.githubUrl?.message}>
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('githubUrl')}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://github.com/you"
                />
              )}
            </FormField>
          </div>

          <WaiverField
            control={control}
            url={liabilityWaiverUrl}
            error={errors.liabilityWaiverAccepted?.message}
          />
          <PhotoField
            control={control}
            url={photoReleaseUrl}
            error={errors.photoClearanceAccepted?.message}
          />
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="submit"
          disabled={!response || pending}
          aria-busy={pending || undefined}
          className="sm:self-start"
        >
          {pending ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
          Submit RSVP
        </Button>
        {!response ? <p className="text-sm text-slate-600">Choose a response to continue.</p> : null}
      </div>
    </form>
  );
}
