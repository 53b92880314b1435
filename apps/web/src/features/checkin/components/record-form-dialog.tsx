import { useMemo, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CHECKIN_ROLES, SHIRT_SIZES } from '@lanyard/shared/constants';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { Button } from '@/components/ui/button';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCreateCheckinRecord } from '../api/create-checkin-record';
import { useUpdateCheckinRecord } from '../api/update-checkin-record';
import { checkinRoleLabel } from '../lib/filters';
import {
  EMPTY_RECORD_FORM,
  FIELD_LABELS,
  formToBody,
  labelsOfServerMissing,
  missingFormFields,
  MONTH_NAMES,
  recordFormSchema,
  recordToForm,
  type RecordField,
  type RecordFormValues,
} from '../lib/record-form';

export type RecordFormTarget = { mode: 'create' } | { mode: 'edit'; record: CheckinRecord };

interface RecordFormDialogProps {
  target: RecordFormTarget | null;
  onClose: () => void;
  /** After a save, with the record as the server now has it. */
  onSaved: (record: CheckinRecord) => void;
}

/** Create (a walk-in) and Edit share every field. */
export function RecordFormDialog({ target, onClose, onSaved }: RecordFormDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        {/* Remount per opening, so the form starts from the record (or empty) each time. */}
        {target ? (
          <RecordForm
            key={target.mode === 'edit' ? target.record._id : 'create'}
            target={target}
            onClose={onClose}
            onSaved={onSaved}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const REQUIRED = new Set<RecordField>(['firstName', 'lastName', 'email', 'phone', 'school_name', 'role']);

function RecordForm({
  target,
  onClose,
  onSaved,
}: { target: RecordFormTarget } & Omit<RecordFormDialogProps, 'target'>) {
  const create = useCreateCheckinRecord();
  const update = useUpdateCheckinRecord();
  const schema = useMemo(() => recordFormSchema(), []);
  const defaultValues = target.mode === 'edit' ? recordToForm(target.record) : EMPTY_RECORD_FORM;
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RecordFormValues>({ resolver: zodResolver(schema), defaultValues });
  const pending = create.isPending || update.isPending;

  const showServerError = (err: unknown, fallback: string) => {
    if (isApiError(err) && err.code === 'missing_fields') {
      toast.error('Missing fields', { description: labelsOfServerMissing(err.message) });
      return;
    }
    toast.error('Error', { description: errorMessage(err, fallback) });
  };

  // The schema has already refused empty required fields (see onInvalid), so everything is here.
  const onValid = (values: RecordFormValues) => {
    const body = formToBody(values);
    if (target.mode === 'create') {
      create.mutate(body, {
        onSuccess: (record) => {
          toast.success('Created', { description: `${record.firstName} ${record.lastName} was added.` });
          onSaved(record);
        },
        onError: (err) => showServerError(err, 'Failed to create'),
      });
    } else {
      update.mutate(
        { id: target.record._id, body },
        {
          onSuccess: (record) => {
            toast.success('Updated');
            onSaved(record);
          },
          onError: (err) => showServerError(err, 'Failed to update'),
        },
      );
    }
  };

  // A miss says "Missing fields" and names them (the fields are marked inline too).
  const onInvalid = () => {
    const missing = missingFormFields(getValues());
    if (missing.length)
      toast.error('Missing fields', { description: missing.map((f) => FIELD_LABELS[f]).join(', ') });
  };

  const text = (name: RecordField, extra: Partial<ComponentProps<typeof Input>> = {}) => (
    <FormField
      id={`record-${name}`}
      label={
        REQUIRED.has(name) ? (
          <>
            {FIELD_LABELS[name]}{' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </>
        ) : (
          FIELD_LABELS[name]
        )
      }
      error={errors[name]?.message}
    >
      {(control) => (
        <Input {...control} {...register(name)} aria-required={REQUIRED.has(name) || undefined} {...extra} />
      )}
    </FormField>
  );

  const title = target.mode === 'create' ? 'Create Entry' : 'Edit Entry';
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      aria-label={title}
      className="flex flex-col gap-5"
    >
      <DialogHeader>
        <DialogTitle className="text-2xl">{title}</DialogTitle>
        <DialogDescription>
          {target.mode === 'create'
            ? 'Add a walk-in. Fields marked * are required.'
            : 'Change this record. Check-in state is kept.'}
        </DialogDescription>
      </DialogHeader>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('firstName', { autoComplete: 'off' })}
        {text('lastName', { autoComplete: 'off' })}
        {text('preferred_name', { autoComplete: 'off' })}
        {text('email', { type: 'email', inputMode: 'email', autoComplete: 'off' })}
        {text('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'off' })}
        <FormField
          id="record-role"
          label={
            <>
              Role{' '}
              <span aria-hidden="true" className="text-red-700">
                *
              </span>
            </>
          }
          error={errors.role?.message}
        >
          {(control) => (
            <NativeSelect {...control} {...register('role')} aria-required="true">
              <option value="">Choose a role</option>
              {CHECKIN_ROLES.map((r) => (
                <option key={r} value={r}>
                  {checkinRoleLabel(r)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {text('school_name')}
        {text('major')}
        <FormField id="record-isHighSchool" label="High School" error={errors.isHighSchool?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('isHighSchool')}>
              <option value="">Not provided</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </NativeSelect>
          )}
        </FormField>
        {text('pronoun', { list: 'record-pronouns' })}
        <datalist id="record-pronouns">
          <option value="He/Him" />
          <option value="She/Her" />
          <option value="They/Them" />
        </datalist>
        {text('linkedin_url', { type: 'url', inputMode: 'url', placeholder: 'https://' })}
        {text('github_url', { type: 'url', inputMode: 'url', placeholder: 'https://' })}
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Birth Date</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <FormField id="record-birthMonth" label="Month" error={errors.birthMonth?.message}>
              {(control) => (
                <NativeSelect {...control} {...register('birthMonth')}>
                  <option value="">Not provided</option>
                  {MONTH_NAMES.map((m, i) => (
                    <option key={m} value={String(i + 1)}>
                      {m}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="record-birthDay" label="Day" error={errors.birthDay?.message}>
              {(control) => (
                <Input {...control} {...register('birthDay')} inputMode="numeric" maxLength={2} />
              )}
            </FormField>
            <FormField id="record-birthYear" label="Year" error={errors.birthYear?.message}>
              {(control) => (
                <Input {...control} {...register('birthYear')} inputMode="numeric" maxLength={4} />
              )}
            </FormField>
          </div>
        </fieldset>
        {text('gender')}
        {text('race')}
        <FormField id="record-shirtSize" label="Shirt Size" error={errors.shirtSize?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('shirtSize')}>
              <option value="">Not provided</option>
              {SHIRT_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s.toUpperCase()}
                </option>
              ))}
              {defaultValues.shirtSize &&
              !(SHIRT_SIZES as readonly string[]).includes(defaultValues.shirtSize) ? (
                <option value={defaultValues.shirtSize}>{defaultValues.shirtSize.toUpperCase()}</option>
              ) : null}
            </NativeSelect>
          )}
        </FormField>
        {text('travelFrom')}
      </div>

      <DialogFooter>
        <Button variant="secondary" size="lg" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {target.mode === 'create' ? 'Create' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
