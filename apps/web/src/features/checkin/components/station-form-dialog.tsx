import { useEffect, useState, type FormEvent } from 'react';
import {
  CREATABLE_STATION_KINDS,
  STATION_AUDIENCE_LABELS,
  STATION_AUDIENCES,
  STATION_KIND_LABELS,
  STATION_LIMITS,
  STATION_RULE_LABELS,
  STATION_RULES,
  type Station,
} from '@lanyard/shared/stations';
import { Alert, AlertDescription } from '@/components/ui/alert';
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
import { useCreateStation, useUpdateStation } from '../api/stations';
import {
  DUPLICATE_NAME,
  EMPTY_STATION_FORM,
  formValuesOf,
  validateStationForm,
  type CreatableKind,
  type StationFormErrors,
  type StationFormValues,
} from '../lib/station-form';

export type StationFormTarget = { mode: 'create' } | { mode: 'edit'; station: Station };

interface StationFormDialogProps {
  target: StationFormTarget | null;
  stations: readonly Station[];
  onClose: () => void;
  onSaved: (station: Station) => void;
}

/** New station, or the name, rule and audience of one (its kind stays what it was made as). */
export function StationFormDialog({ target, stations, onClose, onSaved }: StationFormDialogProps) {
  const editing = target?.mode === 'edit' ? target.station : null;
  const [values, setValues] = useState<StationFormValues>(EMPTY_STATION_FORM);
  const [errors, setErrors] = useState<StationFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateStation();
  const update = useUpdateStation();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!target) return;
    setValues(target.mode === 'edit' ? formValuesOf(target.station) : EMPTY_STATION_FORM);
    setErrors({});
    setFailure(null);
  }, [target]);

  const set = <K extends keyof StationFormValues>(key: K, value: StationFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onError = (err: unknown) => {
    if (isApiError(err) && err.code === 'station_exists') setErrors({ name: DUPLICATE_NAME });
    else setFailure(errorMessage(err, 'The station could not be saved.'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateStationForm(values, editing, stations);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (editing && checked.update) {
      update.mutate({ id: editing.id, body: checked.update }, { onSuccess: onSaved, onError });
    } else if (checked.create) {
      create.mutate(checked.create, { onSuccess: onSaved, onError });
    }
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${editing.name}` : 'New station'}</DialogTitle>
          <DialogDescription>
            A place where volunteers scan attendees&apos; codes: a meal, the swag table, a workshop.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Station">
          <FormField id="station-name" label="Name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                value={values.name}
                maxLength={STATION_LIMITS.name + 20}
                autoComplete="off"
                placeholder="Saturday lunch"
                onChange={(e) => set('name', e.target.value)}
              />
            )}
          </FormField>
          {editing ? (
            <p className="text-sm text-slate-700">
              Kind: <strong>{STATION_KIND_LABELS[editing.kind]}</strong> (fixed when the station was made)
            </p>
          ) : (
            <FormField
              id="station-kind"
              label="Kind"
              error={errors.kind}
              hint="Meal stations show dietary needs; swag stations show the shirt size."
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  value={values.kind}
                  onChange={(e) => set('kind', e.target.value as CreatableKind)}
                >
                  {CREATABLE_STATION_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {STATION_KIND_LABELS[kind]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          <FormField id="station-rule" label="How often" error={errors.rule}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.rule}
                onChange={(e) => set('rule', e.target.value as StationFormValues['rule'])}
              >
                {STATION_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {STATION_RULE_LABELS[rule]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="station-audience" label="Who may use it" error={errors.audience}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.audience}
                onChange={(e) => set('audience', e.target.value as StationFormValues['audience'])}
              >
                {STATION_AUDIENCES.map((audience) => (
                  <option key={audience} value={audience}>
                    {STATION_AUDIENCE_LABELS[audience]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {failure ? (
            <Alert tone="error" role="alert">
              <AlertDescription className="mt-0">{failure}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending ? <Spinner /> : null}
              {editing ? 'Save' : 'Create station'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
