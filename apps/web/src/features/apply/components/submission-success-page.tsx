import { SubmissionSuccess } from '@/components/application-form/submission-success';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { usePageTitle } from '@/lib/use-page-title';

/** What the hacker form shows once submitted: the page /submission-success, and in place of the form. */
export function HackerSubmissionSuccess() {
  const event = useEventConfig();
  return (
    <SubmissionSuccess title="Application Submitted">
      Thank you for applying to {eventTitle(event)}! We have received your application. You will get a
      decision by e-mail within the next few weeks, and you can follow your status on the dashboard.
    </SubmissionSuccess>
  );
}

/** /submission-success (any signed-in user): the same view the form shows after submitting. */
export function SubmissionSuccessPage() {
  usePageTitle('Application Submitted');
  return <HackerSubmissionSuccess />;
}
