import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { GENDER_LABELS, GENDERS, RACE_LABELS, RACES } from '@lanyard/shared/application';
import { SHIRT_SIZES } from '@lanyard/shared/constants';
import { AccountEmailField } from '@/components/application-form/account-email-field';
import { FormSection, RequiredMark } from '@/components/application-form/fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useEventConfig } from '@/config/event-config';
import { emptyToUndefined, type HackerFormValues } from '../lib/form-values';
import { BirthdayFields, GuardianField } from './birthday-fields';
import { type HackerFormControl, type HackerSectionProps } from './form-controls';

export function PersonalSection({
  control,
  register,
  errors,
  email,
  birthdayMessage,
}: HackerSectionProps & { email: string | undefined; birthdayMessage: string | undefined }) {
  const event = useEventConfig();
  return (
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
        <AccountEmailField email={email} />
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

      <BirthdayFields register={register} message={birthdayMessage} />

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
  control: HackerFormControl;
  when: (values: Pick<HackerFormValues, 'gender' | 'race'>) => boolean;
  id: string;
  label: string;
  register: UseFormRegisterReturn;
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
