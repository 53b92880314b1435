import { useEventConfig } from '@/config/event-config';
import { CheckboxField, FormSection } from '@/components/application-form/fields';
import { RequiredMark } from '@/components/ui/form';
import { type HackerSectionProps } from './form-controls';

export function TermsSection({ register, errors }: Pick<HackerSectionProps, 'register' | 'errors'>) {
  const event = useEventConfig();
  return (
    <FormSection id="terms" title="Terms">
      <CheckboxField
        id="termsAccepted"
        label={
          <>
            I agree to the {event.name} terms and conditions and code of conduct.
            <RequiredMark />
          </>
        }
        aria-required="true"
        error={errors.termsAccepted?.message}
        {...register('termsAccepted')}
      />
      <CheckboxField
        id="mlhTermsAccepted"
        label={
          <>
            I have read and agree to the{' '}
            <a
              href="https://github.com/MLH/mlh-policies/blob/main/code-of-conduct.md"
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-ink underline underline-offset-2"
            >
              MLH Code of Conduct
            </a>{' '}
            and the{' '}
            <a
              href="https://github.com/MLH/mlh-policies/blob/main/privacy-policy.md"
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-ink underline underline-offset-2"
            >
              MLH Privacy Policy
            </a>
            .<RequiredMark />
          </>
        }
        aria-required="true"
        error={errors.mlhTermsAccepted?.message}
        {...register('mlhTermsAccepted')}
      />
    </FormSection>
  );
}
