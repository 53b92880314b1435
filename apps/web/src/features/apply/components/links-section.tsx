import { FormSection } from '@/components/application-form/fields';
import { ResumeField } from '@/components/application-form/resume-field';
import type { ResumeUpload } from '@/components/application-form/use-resume-upload';
import type { HackerFormValues } from '../lib/form-values';
import { QuestionField } from '@/components/application-form/question-field';
import { CustomQuestions } from '@/components/application-form/custom-questions/custom-questions';

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
      <QuestionField<HackerFormValues>
        role="hacker"
        name="portfolio"
        inputMode="url"
        autoComplete="url"
        placeholder="https://github.com/you"
      />
      <CustomQuestions section="links" />
    </FormSection>
  );
}
