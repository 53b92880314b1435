import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { questionPrompt } from '@lanyard/shared/questions';
import { AccountEmailField } from '@/components/application-form/account-email-field';
import { FormSection } from '@/components/application-form/fields';
import { RequiredMark } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useEventConfig } from '@/config/event-config';
import { type HackerFormValues } from '../lib/form-values';
import { BirthdayFields, GuardianField } from './birthday-fields';
import { type HackerFormControl, type HackerSectionProps } from './form-controls';
import { QuestionField } from '@/components/application-form/question-field';
import { CustomQuestions } from '@/components/application-form/custom-questions/custom-questions';

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
        <QuestionField<HackerFormValues> role="hacker" name="firstName" autoComplete="given-name" />
        <QuestionField<HackerFormValues> role="hacker" name="lastName" autoComplete="family-name" />
        <AccountEmailField email={email} />
        <QuestionField<HackerFormValues>
          role="hacker"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
        />
      </div>

      <BirthdayFields register={register} message={birthdayMessage} />

      <GuardianField
        control={control}
        startDate={event.startDate}
        register={register('guardianName')}
        error={errors.guardianName?.message}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <QuestionField<HackerFormValues> role="hacker" name="gender" />
        <QuestionField<HackerFormValues> role="hacker" name="race" />
        <OtherText
          control={control}
          when={(v) => v.gender === 'other'}
          id="genderOther"
          label={questionPrompt('genderOther')}
          register={register('genderOther')}
          error={errors.genderOther?.message}
        />
        <OtherText
          control={control}
          when={(v) => v.race === 'raceOther'}
          id="raceOther"
          label={questionPrompt('raceOther')}
          register={register('raceOther')}
          error={errors.raceOther?.message}
        />
        <QuestionField<HackerFormValues> role="hacker" name="shirtSize" />
      </div>
      <CustomQuestions section="personal" />
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
