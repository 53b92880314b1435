import { SettingSwitch } from './setting-switch';
import { useEffect, useState, type FormEvent } from 'react';
import { RotateCcw, Save, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { OFFER_DAYS_MAX, type Admissions, type CapacitySettings } from '@lanyard/shared/capacity';
import { APPLICANT_ROLES } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NumberInput } from '@/components/ui/number-input';
import { Spinner } from '@/components/ui/spinner';
import { isClientError } from '@/lib/api-client';
import { useAdmissions } from '../../api/admissions-get';
import { useUpdateCapacitySettings } from '../../api/admissions-settings-update';
import {
  changedCapacity,
  isCapacityDirty,
  serverFieldError,
  validateCapacity,
  type CapacityErrors,
} from './capacity-draft';
import { CapacityRoleFields } from './capacity-role-fields';

export const LOAD_CAPACITY_ERROR = 'Failed to load the capacity settings.';
export const SAVE_CAPACITY_ERROR = 'Failed to save the capacity settings.';
export const FIX_CAPACITY = 'Some fields need fixing before capacity can be saved.';
/** The card's id, and the hash a link from the Admissions card lands on (`?tab=settings#capacity`). */
export const CAPACITY_SECTION_ID = 'capacity';
export const CAPACITY_TITLE_ID = 'capacity-settings-title';

/**
 * Settings tab, "Capacity": the places each role has and the shares that turn offers into people at
 * the door, which the Admissions card on the Bulk Actions tab projects from. Saved on its own (its
 * own endpoint), like the review settings.
 */
export function CapacityCard() {
  const admissions = useAdmissions();

  useEffect(() => {
    if (admissions.isError) toast.error('Error', { description: LOAD_CAPACITY_ERROR });
  }, [admissions.isError]);

  return (
    <Card id={CAPACITY_SECTION_ID} aria-labelledby={CAPACITY_TITLE_ID} className="scroll-mt-4">
      <CardHeader className="pb-3">
        {/* Focusable from script only: a link from Bulk Actions lands here (see useRevealOnHash). */}
        <CardTitle
          id={CAPACITY_TITLE_ID}
          tabIndex={-1}
          className="flex items-center gap-2 text-base outline-none"
        >
          <UsersRound aria-hidden="true" className="size-4 text-brand-ink" />
          Capacity
        </CardTitle>
        <CardDescription>
          How many places each role has, and how many offers and confirmations become people at the event. The
          Admissions card under Bulk Actions projects attendance from these. Saved on its own, apart from the
          settings above.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {admissions.isPending ? (
          <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-700">
            <Spinner className="size-4" /> Loading capacity settings...
          </p>
        ) : admissions.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_CAPACITY_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void admissions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <CapacityForm admissions={admissions.data} />
        )}
      </CardContent>
    </Card>
  );
}

export function CapacityForm({ admissions }: { admissions: Admissions }) {
  const saved = admissions.settings;
  const [draft, setDraft] = useState<CapacitySettings>(saved);
  const [errors, setErrors] = useState<CapacityErrors>({});
  const update = useUpdateCapacitySettings();
  const dirty = isCapacityDirty(saved, draft);

  const change = (next: CapacitySettings) => {
    setDraft(next);
    // Errors shown go away as they are fixed; new ones wait for the next save.
    if (Object.keys(errors).length > 0) {
      const now = validateCapacity(next);
      setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path in now)));
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCapacity(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(changedCapacity(saved, draft), {
      onSuccess: (next) => {
        setDraft(next.settings);
        toast.success('Capacity Saved', {
          description: 'The Admissions card projects attendance with the new settings.',
        });
      },
      onError: (err) => {
        const field = isClientError(err) ? serverFieldError(err.message) : null;
        if (field) setErrors(field);
        toast.error('Error', {
          description: field ? FIX_CAPACITY : isClientError(err) ? err.message : SAVE_CAPACITY_ERROR,
        });
      },
    });
  };

  const reset = () => {
    setDraft(saved);
    setErrors({});
  };

  const errorCount = Object.keys(errors).length;
  const busy = update.isPending;

  return (
    <form onSubmit={save} noValidate aria-label="Capacity settings" className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        {APPLICANT_ROLES.map((role) => (
          <CapacityRoleFields
            key={role}
            role={role}
            value={draft[role]}
            measured={admissions.roles.find((r) => r.role === role)}
            minAnswers={saved.min_answers}
            errors={errors}
            disabled={busy}
            onChange={(next) => change({ ...draft, [role]: next })}
          />
        ))}
      </div>

      <OfferDaysField
        value={draft.offer_days}
        error={errors.offer_days}
        disabled={busy}
        onChange={(offer_days) => change({ ...draft, offer_days })}
      />

      <FormField
        id="capacity-min-answers"
        label="Answers needed before a measured share is shown"
        hint="Fewer answers say little about the rest: until there are this many, a measured share is neither shown nor used."
        error={errors.min_answers}
        className="md:max-w-md"
      >
        {(control) => (
          <NumberInput
            {...control}
            inputMode="numeric"
            min={1}
            max={10_000}
            step={1}
            disabled={busy}
            value={draft.min_answers}
            onValueChange={(min_answers) => change({ ...draft, min_answers })}
          />
        )}
      </FormField>

      <SettingSwitch
        id="capacity-waitlist-position"
        label="Show waitlisted applicants their place on the waitlist"
        description="Their dashboard says “You are number 37 on the waitlist.”, in the order promotion takes them: best review score first, then the earliest submission."
        checked={draft.show_waitlist_position}
        onCheckedChange={(show_waitlist_position) => change({ ...draft, show_waitlist_position })}
        disabled={busy}
      />

      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
        <p className="w-full text-sm text-slate-600 sm:mr-auto sm:w-auto" aria-live="polite">
          {errorCount > 0 ? (
            <span className="font-medium text-red-700">{FIX_CAPACITY}</span>
          ) : dirty ? (
            'You have unsaved changes.'
          ) : (
            'All changes saved.'
          )}
        </p>
        <Button variant="secondary" onClick={reset} disabled={busy || !dirty}>
          <RotateCcw aria-hidden="true" />
          Reset Changes
        </Button>
        <Button type="submit" disabled={busy || !dirty} aria-busy={busy || undefined}>
          {busy ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          Save Capacity
        </Button>
      </div>
    </form>
  );
}

const OFFER_DAYS_ID = 'capacity-offer-days';

/**
 * "Offers expire after [D] days", read as one sentence: the number sits between its words, and the
 * field is named by both. Empty is off (null), never 0: offers then never expire.
 */
function OfferDaysField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: number | null;
  error: string | undefined;
  disabled: boolean;
  onChange: (days: number | null) => void;
}) {
  const hintId = `${OFFER_DAYS_ID}-hint`;
  const errorId = `${OFFER_DAYS_ID}-error`;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Label id={`${OFFER_DAYS_ID}-label`} htmlFor={OFFER_DAYS_ID}>
          Offers expire after
        </Label>
        <NumberInput
          id={OFFER_DAYS_ID}
          aria-labelledby={`${OFFER_DAYS_ID}-label ${OFFER_DAYS_ID}-unit`}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          inputMode="numeric"
          min={1}
          max={OFFER_DAYS_MAX}
          step={1}
          placeholder="Never"
          disabled={disabled}
          className="w-28"
          value={value ?? Number.NaN}
          onValueChange={(days) => onChange(Number.isNaN(days) ? null : days)}
        />
        <span id={`${OFFER_DAYS_ID}-unit`} className="text-sm font-medium text-slate-900">
          {value === 1 ? 'day' : 'days'}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-xs text-slate-600">
        {value === null ? 'Empty: offers never expire, and only the RSVP deadline applies. ' : ''}
        Counted from when the decision is released to the applicant, or from their promotion off the waitlist,
        and ending at 23:59 (event time zone) on the last day; never past the RSVP deadline. An offer not
        answered by then expires: the applicant is e-mailed and the place is free again. Applies to offers
        made after saving.
      </p>
    </div>
  );
}
