import { FormSection } from '@/components/application-form/fields';
import { ResumeField } from '@/components/application-form/resume-field';
import type { ResumeUpload } from '@/components/application-form/use-resume-upload';
import { TextField } from '@/components/ui/form';
import { QUESTIONS, questionPrompt } from '@lanyard/shared/questions';
import type { HackerFormValues } from '../lib/form-values';

export function LinksSection({
  resume,
  resumeError,
  submitting,
}: {
  resume: ResumeUpload;
  resumeError: string | undefined;
  submitting: boolean;
}) {
  return (
    <FormSection id="links" title="Links" description="Your resume and, if you like, a portfolio.">
      <ResumeField resume={resume} error={resumeError} disabled={submitting} />
      <TextField<HackerFormValues>
        name="portfolio"
        label={questionPrompt('portfolio')}
        hint={QUESTIONS.portfolio.help}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://github.com/you"
      />
    </FormSection>
  );
}
