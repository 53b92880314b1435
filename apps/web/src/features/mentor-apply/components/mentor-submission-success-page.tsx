import { SubmissionSuccess } from '@/components/application-form/submission-success';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { usePageTitle } from '@/lib/use-page-title';

/** /mentor-submission-success: the hacker form's success view, in the mentor's words (spec §2). */
export function MentorSubmissionSuccessPage() {
  usePageTitle('Mentor Application Submitted');
  const event = useEventConfig();
  return (
    <SubmissionSuccess title="Mentor Application Submitted">
      Thank you for offering to mentor at {eventTitle(event)}! We review mentor applications on a rolling
      basis and will be in touch by e-mail. You can follow your status on the dashboard.
    </SubmissionSuccess>
  );
}
