import { Controller } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useEventConfig } from '@/config/event-config';
import { CheckboxField, ChoiceGroup, FormSection } from '@/components/application-form/fields';
import { type HackerSectionProps } from './form-controls';

export function CommunitySection({ control, register, errors }: HackerSectionProps) {
  const event = useEventConfig();
  return (
    <FormSection id="community" title="Community">
      <Controller
        control={control}
        name="socialMediaConnection"
        render={({ field, fieldState }) => (
          <ChoiceGroup
            id="socialMediaConnection"
            legend={`Have you connected with ${event.name} on social media?`}
            choices={[
              { value: 'yes', label: 'Yes, I follow already' },
              { value: 'will-do-now', label: "Not yet, I'll do it now" },
            ]}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      {event.socialLinks.length > 0 ? (
        <ul className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {event.socialLinks.map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand-ink underline-offset-4 hover:underline"
              >
                {link.label}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <FormField
        id="referralName"
        label="Referral name"
        hint="Optional. Who told you about the event?"
        error={errors.referralName?.message}
      >
        {(ctl) => <Input {...ctl} {...register('referralName')} autoComplete="off" />}
      </FormField>
      <CheckboxField
        id="recruitmentEmails"
        label="Send me recruiting e-mails from the event's sponsors"
        {...register('recruitmentEmails')}
      />
    </FormSection>
  );
}
