import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { useResumeUpload } from '../hooks/use-resume-upload';
import { FormSection, type HackerSectionProps } from './form-controls';
import { ResumeField } from './resume-field';

export function LinksSection({
  register,
  errors,
  resume,
  resumeError,
  submitting,
}: Pick<HackerSectionProps, 'register' | 'errors'> & {
  resume: ReturnType<typeof useResumeUpload>;
  resumeError: string | undefined;
  submitting: boolean;
}) {
  return (
    <FormSection id="links" title="Links" description="Your resume and, if you like, a portfolio.">
      <ResumeField
        state={resume.state}
        error={resumeError}
        disabled={submitting}
        onChoose={resume.choose}
        onRemove={() => void resume.remove()}
      />
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
