import { FormSection } from '@/components/application-form/fields';
import { ResumeField } from '@/components/application-form/resume-field';
import type { ResumeUpload } from '@/components/application-form/use-resume-upload';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { HackerSectionProps } from './form-controls';

export function LinksSection({
  register,
  errors,
  resume,
  resumeError,
  submitting,
}: Pick<HackerSectionProps, 'register' | 'errors'> & {
  resume: ResumeUpload;
  resumeError: string | undefined;
  submitting: boolean;
}) {
  return (
    <FormSection id="links" title="Links" description="Your resume and, if you like, a portfolio.">
      <ResumeField resume={resume} error={resumeError} disabled={submitting} />
      <FormField
        id="portfolio"
        label="Portfolio or GitHub link"
        hint="Optional. A full link starting with https://"
        error={errors.portfolio?.message}
      >
        {(ctl) => (
          <Input
            {...ctl}
            {...register('portfolio')}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://github.com/you"
          />
        )}
      </FormField>
    </FormSection>
  );
}
