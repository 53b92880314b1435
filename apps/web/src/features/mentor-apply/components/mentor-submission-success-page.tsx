import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/** /mentor-submission-success: the inline card shown after a mentor submits (spec §2). */
export function MentorSubmissionSuccessPage() {
  usePageTitle('Mentor Application Submitted');
  const event = useEventConfig();
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-12 sm:px-6">
      <Card
        className="flex w-full max-w-lg flex-col items-center gap-4 p-8 text-center"
        aria-labelledby="mentor-success-title"
      >
        <CircleCheck aria-hidden="true" className="size-14 text-green-700" />
        <h1 id="mentor-success-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Mentor Application Submitted
        </h1>
        <p className="leading-relaxed text-slate-700">
          Thank you for offering to mentor at {eventTitle(event)}! We review mentor applications on a rolling
          basis and will be in touch by e-mail. You can follow your status on the dashboard.
        </p>
        <Button asChild size="lg" className="mt-2">
          <Link to={paths.dashboard}>Return to Dashboard</Link>
        </Button>
      </Card>
    </main>
  );
}
