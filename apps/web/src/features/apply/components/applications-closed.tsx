import { Link } from 'react-router';
import { CalendarX2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** Deadline passed, late applications not accepted, no admin override (spec §4). */
export function ApplicationsClosed() {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center px-4 py-10 sm:px-6 md:py-16">
      <Card className="flex flex-col items-center gap-5 px-6 py-10 text-center sm:px-10">
        <CalendarX2 aria-hidden="true" className="size-12 text-slate-500" />
        <h1 className="text-3xl font-bold tracking-tight">Applications Closed</h1>
        <p className="max-w-prose text-slate-700">
          The application deadline has passed and late applications are not being accepted. Thank you for your
          interest.
        </p>
        <Button asChild size="lg">
          <Link to={paths.dashboard}>Back to Dashboard</Link>
        </Button>
      </Card>
    </main>
  );
}
