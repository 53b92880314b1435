import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { toast } from 'sonner';
import { PRONOUN_PRESETS, RSVP_STATUSES } from '@lanyard/shared/constants';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { isClientError } from '@/lib/api-client';
import { useUpdateRsvp } from '../../api/rsvp-update';
import { roleName } from '../../lib/labels';
import {
  adminRsvpFormSchema,
  adminRsvpFormValues,
  toAdminRsvpBody,
  type AdminRsvpFormValues,
} from '../../lib/rsvp-form';
import { rsvpStatusLabel } from '../../lib/rsvp-labels';

export const UPDATE_RSVP_ERROR = 'Failed to update RSVP.';

interface RsvpEditDialogProps {
  row: RsvpRow | null;
  onClose: () => void;
}

/** The Modify RSVP dialog: the RSVP status, and the attendance details only when accepted. */
export function RsvpEditDialog({ row, onClose }: RsvpEditDialogProps) {
  const update = useUpdateRsvp();
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open && !update.isPending) onClose();
      }}
    >
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)]">
        {row ? (
          <EditForm
            key={row._id}
            row={row}
            pending={update.isPending}
            onSubmit={(values) =>
              update.mutate(
                { id: row._id, body: toAdminRsvpBody(values, row) },
                {
                  onSuccess: () => {
                    toast.success('Success', { description: 'RSVP has been updated.' });
                    onClose();
                  },
                  onError: (err) =>
                    toast.error('Error', {
                      // A refusal naming a field is worth reading; anything else gets the generic message.
                      description: isClientError(err)
                        ? `${UPDATE_RSVP_ERROR} ${err.message}`
                        : UPDATE_RSVP_ERROR,
                    }),
                },
              )
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type FormControl = Control<AdminRsvpFormValues>;

interface EditFormProps {
  row: RsvpRow;
  pending: boolean;
  onSubmit: (values: AdminRsvpFormValues) => void;
}

function EditForm({ row, pending, onSubmit }: EditFormProps) {
  const { control, register, handleSubmit, formState } = useForm<AdminRsvpFormValues>({
    resolver: zodResolver(adminRsvpFormSchema),
    defaultValues: adminRsvpFormValues(row),
  });
  const status = useWatch({ control, name: 'rsvp_status' });
  const pronoun = useWatch({ control, name: 'pronoun' });
  const errors = formState.errors;

  return (
    <form
      noValidate
      aria-label="Modify RSVP"
      className="flex flex-col gap-5"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <DialogHeader>
        <DialogTitle>Modify RSVP</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">
          <bdi>{row.name}</bdi> · {roleName(row.role)} · currently{' '}
          {rsvpStatusLabel(row.rsvp_status, row.status)}
        </DialogDescription>
      </DialogHeader>

      <ChoiceField
        control={control}
        name="rsvp_status"
        legend="RSVP Status"
        error={errors.rsvp_status?.message}
        options={RSVP_STATUSES.map((value) => ({ value, label: rsvpStatusLabel(value) }))}
        className="grid-cols-3"
      />

      {status === 'accepted' ? (
        <div className="flex flex-col gap-5 border-t border-slate-200 pt-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="rsvp-edit-preferred-name"
              label="Preferred Full Name"
              error={errors.preferred_name?.message}
            >
              {(ctl) => <Input {...ctl} {...register('preferred_name')} autoComplete="off" maxLength={200} />}
            </FormField>
            <FormField
              id="rsvp-edit-school-name"
              label="Official School Name"
              error={errors.school_name?.message}
            >
              {(ctl) => <Input {...ctl} {...register('school_name')} autoComplete="off" maxLength={200} />}
            </FormField>
          </div>

          <ChoiceField
            control={control}
            name="pronoun"
            legend="Pronoun"
            error={errors.pronoun?.message}
            options={PRONOUN_PRESETS.map((value) => ({ value, label: value }))}
            className="grid-cols-2 sm:grid-cols-4"
          />
          {pronoun === 'Other' ? (
            <FormField
              id="rsvp-edit-pronoun-custom"
              label="Pronoun (other)"
              error={errors.pronoun_other?.message}
            >
              {(ctl) => <Input {...ctl} {...register('pronoun_other')} autoComplete="off" maxLength={50} />}
            </FormField>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="rsvp-edit-linkedin"
              label="LinkedIn URL (optional)"
              error={errors.linkedin_url?.message}
            >
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('linkedin_url')}
                  type="url"
                  inputMode="url"
                  placeholder="https://www.linkedin.com/in/..."
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField id="rsvp-edit-github" label="GitHub URL (optional)" error={errors.github_url?.message}>
              {(ctl) => (
                <Input
                  {...ctl}
                  {...register('github_url')}
                  type="url"
                  inputMode="url"
                  placeholder="https://github.com/..."
                  autoComplete="off"
                />
              )}
            </FormField>
          </div>

          <Controller
            control={control}
            name="liability_waiver_accepted"
            render={({ field }) => (
              <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
                <Checkbox
                  id="rsvp-edit-waiver"
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  className="mt-0.5"
                />
                <Label htmlFor="rsvp-edit-waiver" className="cursor-pointer leading-snug">
                  Liability waiver accepted
                </Label>
              </div>
            )}
          />

          <ChoiceField
            control={control}
            name="photo"
            legend="Photo Permission"
            error={errors.photo?.message}
            options={[
              {
                value: 'accept',
                label: 'Accepts the photo release',
                description: 'Photos may be taken and shared publicly.',
              },
              {
                value: 'opt_out',
                label: 'Opts out of public sharing',
                description: 'Photos may still be taken, but none are shared publicly.',
              },
            ]}
            className="sm:grid-cols-2"
          />
        </div>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          {pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface ChoiceFieldProps {
  control: FormControl;
  name: 'rsvp_status' | 'pronoun' | 'photo';
  legend: string;
  error: string | undefined;
  options: { value: string; label: string; description?: string }[];
  className?: string;
}

/** A fieldset of radio chips (Radix: arrow keys move and select) bound to one form value. */
function ChoiceField({ control, name, legend, error, options, className }: ChoiceFieldProps) {
  const legendId = `rsvp-edit-${name}-legend`;
  const errorId = `rsvp-edit-${name}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
          <legend id={legendId} className="mb-2 text-sm font-medium text-slate-800">
            {legend}
          </legend>
          <RadioGroup
            aria-labelledby={legendId}
            value={field.value}
            onValueChange={field.onChange}
            className={className}
          >
            {options.map((option, index) => (
              <RadioOption
                key={option.value}
                id={`rsvp-edit-${name}-${option.value.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}
                value={option.value}
                label={option.label}
                description={option.description}
                variant={option.description ? 'card' : 'chip'}
                ref={index === 0 ? field.ref : undefined}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
              />
            ))}
          </RadioGroup>
          {error ? (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}
