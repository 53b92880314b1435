import { useController, type Control, type UseFormRegister } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { PRONOUN_PRESETS } from '@lanyard/shared/constants';
import type { RsvpSubmission } from '@lanyard/shared/rsvp';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { responseChoices, type RsvpApplicantStatus, type RsvpResponse } from '../lib/rsvp-card';
import type { RsvpFormValues } from './rsvp-form';

/** The RSVP form's own fields: the response, pronouns, and the waiver and photo documents. */
export type FormControl = Control<RsvpFormValues, unknown, RsvpSubmission>;

export function Required({ children }: { children: string }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="text-red-700">
        {' '}
        *
      </span>
    </>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export function ResponseField({ control, status }: { control: FormControl; status: RsvpApplicantStatus }) {
  const { field, fieldState } = useController({ control, name: 'response' });
  const error = fieldState.error?.message;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'rsvp-response-error' : undefined}>
      <legend id="rsvp-response-legend" className="mb-3 text-base font-semibold text-slate-900">
        {status === 'accepted' ? 'Will you attend?' : 'Would you like to stay on the waitlist?'}
      </legend>
      <RadioGroup
        aria-labelledby="rsvp-response-legend"
        aria-required="true"
        value={field.value ?? ''}
        onValueChange={(value) => field.onChange(value as RsvpResponse)}
        className="sm:grid-cols-2"
      >
        {responseChoices(status).map((choice, index) => (
          <RadioOption
            key={choice.value}
            id={`rsvp-response-${choice.value}`}
            value={choice.value}
            label={choice.label}
            description={choice.description}
            onBlur={field.onBlur}
            ref={index === 0 ? field.ref : undefined}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </RadioGroup>
      <FieldError id="rsvp-response-error" message={error} />
    </fieldset>
  );
}

export function PronounField({
  control,
  error,
  otherError,
  register,
}: {
  control: FormControl;
  error: string | undefined;
  otherError: string | undefined;
  register: UseFormRegister<RsvpFormValues>;
}) {
  const { field } = useController({ control, name: 'pronoun' });
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'rsvp-pronoun-error' : undefined}>
      <legend id="rsvp-pronoun-legend" className="mb-2 text-sm font-medium text-slate-800">
        <Required>Pronoun</Required>
      </legend>
      <RadioGroup
        aria-labelledby="rsvp-pronoun-legend"
        aria-required="true"
        value={field.value ?? ''}
        onValueChange={(value) => field.onChange(value as RsvpFormValues['pronoun'])}
        className="grid-cols-2 gap-2 sm:grid-cols-4"
      >
        {PRONOUN_PRESETS.map((pronoun, index) => (
          <RadioOption
            key={pronoun}
            variant="chip"
            id={`rsvp-pronoun-${pronoun.replace('/', '-').toLowerCase()}`}
            value={pronoun}
            label={pronoun}
            onBlur={field.onBlur}
            ref={index === 0 ? field.ref : undefined}
            aria-invalid={error ? true : undefined}
          />
        ))}
      </RadioGroup>
      <FieldError id="rsvp-pronoun-error" message={error} />
      {field.value === 'Other' ? (
        <FormField
          id="rsvp-pronoun-text"
          label={<Required>Your pronoun</Required>}
          error={otherError}
          className="sm:max-w-xs"
        >
          {(ctl) => <Input {...ctl} {...register('pronounOther')} aria-required="true" />}
        </FormField>
      ) : null}
    </fieldset>
  );
}

function DocumentLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-ink underline underline-offset-4 hover:no-underline"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function WaiverField({
  control,
  url,
  error,
}: {
  control: FormControl;
  url: string;
  error: string | undefined;
}) {
  const { field } = useController({ control, name: 'liabilityWaiverAccepted' });
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'rsvp-waiver-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <Required>Liability waiver</Required>
      </legend>
      <p className="text-sm text-slate-600">
        Please read the <DocumentLink href={url}>liability waiver</DocumentLink> before the event.
      </p>
      <div className="flex items-start gap-3">
        <Checkbox
          id="rsvp-waiver"
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          className="mt-0.5"
        />
        <Label htmlFor="rsvp-waiver" className="cursor-pointer leading-snug font-normal">
          I have read and accept the liability waiver.
        </Label>
      </div>
      <FieldError id="rsvp-waiver-error" message={error} />
    </fieldset>
  );
}

export function PhotoField({
  control,
  url,
  error,
}: {
  control: FormControl;
  url: string;
  error: string | undefined;
}) {
  // One choice, two stored answers: accepting the release, or opting out of public sharing.
  const { field: clearance } = useController({ control, name: 'photoClearanceAccepted' });
  const { field: optOut } = useController({ control, name: 'photoSharingOptOut' });
  const value =
    clearance.value && !optOut.value ? 'accept' : optOut.value && !clearance.value ? 'opt_out' : '';
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'rsvp-photo-error' : undefined}>
      <legend id="rsvp-photo-legend" className="mb-2 text-sm font-medium text-slate-800">
        <Required>Photo preference</Required>
      </legend>
      <p className="text-sm text-slate-600">
        We take photos at the event. Read the <DocumentLink href={url}>photo release</DocumentLink> and choose
        one.
      </p>
      <RadioGroup
        aria-labelledby="rsvp-photo-legend"
        aria-required="true"
        value={value}
        onValueChange={(next) => {
          optOut.onChange(next === 'opt_out');
          clearance.onChange(next === 'accept');
        }}
        className="sm:grid-cols-2"
      >
        <RadioOption
          id="rsvp-photo-accept"
          value="accept"
          label="I accept the photo release"
          description="Photos of you may be shared publicly by the event."
          ref={clearance.ref}
          onBlur={clearance.onBlur}
          aria-invalid={error ? true : undefined}
        />
        <RadioOption
          id="rsvp-photo-opt-out"
          value="opt_out"
          label="Opt out of public sharing"
          description="Photos may still be taken at the event, but we won't share ones of you publicly."
          onBlur={clearance.onBlur}
          aria-invalid={error ? true : undefined}
        />
      </RadioGroup>
      <FieldError id="rsvp-photo-error" message={error} />
    </fieldset>
  );
}
