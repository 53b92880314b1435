import { usePageTitle } from '@/lib/use-page-title';
import { SubmissionSuccess } from './submission-success';

/** /submission-success (any signed-in user): the same view the form shows after submitting. */
export function SubmissionSuccessPage() {
  usePageTitle('Application Submitted');
  return <SubmissionSuccess />;
}
