import { Controller } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { questionPrompt } from '@lanyard/shared/questions';
import { useEventConfig } from '@/config/event-config';
import { CheckboxField, ChoiceGroup, FormSection } from '@/components/application-form/fields';
import type { HackerFormValues } from '../lib/form-values';
import { type HackerSectionProps } from './form-controls';
import { QuestionField } from '@/components/application-form/question-field';
import { CustomQuestions } from '@/components/application-form/custom-questions/custom-questions';

export function CommunitySection({ control, register }: Pick<HackerSectionProps, 'control' | 'register'>) {
  const event = useEventConfig();
  return (
    <FormSection id="community" title="Community">
      <Controller
        control={control}
        name="socialMediaConnection"
        render={({ field, fieldState }) => (
          <ChoiceGroup
            id="socialMediaConnection"
            legend={questionPrompt('socialMediaConnection', event.name)}
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
      <QuestionField<HackerFormValues> role="hacker" name="referralName" autoComplete="off" />
      {/* Consent to share with sponsors: unticked unless the applicant ticks it, in the event's words. */}
      <CheckboxField
        id="recruitmentEmails"
        label={event.privacy.sponsorConsentText}
        hint={
          <a
            href={event.privacy.policyPath}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-ink underline underline-offset-2"
          >
            How we use your data<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
        {...register('recruitmentEmails')}
      />
      <CustomQuestions section="community" />
    </FormSection>
  );
}
