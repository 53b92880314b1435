import { CAPACITY_MAX_PLACES, type AdmissionsRole, type CapacityRole } from '@lanyard/shared/capacity';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { FormField } from '@/components/ui/form-field';
import { NumberInput } from '@/components/ui/number-input';
import { measuredText, ROLE_PLURAL } from '../../lib/admissions';
import { SettingSwitch } from './setting-switch';
import type { CapacityErrors } from './capacity-draft';

interface CapacityRoleFieldsProps {
  role: ApplicantRole;
  value: CapacityRole;
  /** The role's row of the last GET: what this event measured so far. */
  measured: AdmissionsRole | undefined;
  /** As saved: the measured shares were drawn with it, not with an unsaved edit. */
  minAnswers: number;
  errors: CapacityErrors;
  disabled: boolean;
  onChange: (next: CapacityRole) => void;
}

/** One role's places and shares, in its own fieldset so "Places" is read as the hackers' or the mentors'. */
export function CapacityRoleFields({
  role,
  value,
  measured,
  minAnswers,
  errors,
  disabled,
  onChange,
}: CapacityRoleFieldsProps) {
  const id = `capacity-${role}`;
  const title = ROLE_PLURAL[role].title;
  const set = (patch: Partial<CapacityRole>) => onChange({ ...value, ...patch });

  return (
    <fieldset
      disabled={disabled}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <FormField
        id={`${id}-places`}
        label="Places"
        hint="Leave empty while the number is not known."
        error={errors[`${role}.places`]}
      >
        {(control) => (
          <NumberInput
            {...control}
            inputMode="numeric"
            min={0}
            max={CAPACITY_MAX_PLACES}
            step={1}
            value={value.places ?? Number.NaN}
            // Empty is "not set" (null), never NaN: the server stores no number for it.
            onValueChange={(places) => set({ places: Number.isNaN(places) ? null : places })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-attend`}
        label="Expected attendance of confirmed people (%)"
        hint={measured ? measuredText('attend', measured.attend, minAnswers) : undefined}
        error={errors[`${role}.attend_percent`]}
      >
        {(control) => (
          <NumberInput
            {...control}
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value.attend_percent}
            onValueChange={(attend_percent) => set({ attend_percent })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-yes`}
        label="Expected “yes” to an offer (%)"
        hint={measured ? measuredText('yes', measured.yes, minAnswers) : undefined}
        error={errors[`${role}.yes_percent`]}
      >
        {(control) => (
          <NumberInput
            {...control}
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value.yes_percent}
            onValueChange={(yes_percent) => set({ yes_percent })}
          />
        )}
      </FormField>
      <SettingSwitch
        id={`${id}-measured`}
        label="Use this event's measured shares once there are enough answers"
        description="Until then, or while this is off, the percentages above are used."
        checked={value.use_measured}
        onCheckedChange={(use_measured) => set({ use_measured })}
        disabled={disabled}
      />
      <SettingSwitch
        id={`${id}-auto-promote`}
        label="Promote from the waitlist automatically"
        description={`When a place frees up (a decline, an expired offer, a deletion, a status change), the next person on the waitlist is offered it and e-mailed: best review score first, then the earliest submission. Flagged applications are skipped. Works once ${role} decisions are released and places are set.`}
        checked={value.auto_promote}
        onCheckedChange={(auto_promote) => set({ auto_promote })}
        disabled={disabled}
      />
    </fieldset>
  );
}
