import { Controller } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { CityAutocomplete } from './city-autocomplete';
import { FormSection, RequiredMark } from '@/components/application-form/fields';
import { YesNoField, type HackerSectionProps } from './form-controls';

export function LogisticsSection({ control, register, errors }: HackerSectionProps) {
  return (
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
  );
}
