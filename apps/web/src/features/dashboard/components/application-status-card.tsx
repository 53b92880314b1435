import type { Ref } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { StatusView } from '../lib/application-status';

interface ApplicationStatusCardProps {
  /** Undefined while the application is loading. */
  view: StatusView | undefined;
  /** Shown under the message when the latest refresh failed (the card then shows the last known status). */
  stale?: boolean;
  /** Focus comes back here when the celebration overlay closes. */
  titleRef?: Ref<HTMLHeadingElement>;
  /** A line under the message, e.g. the applicant's place on the waitlist. */
  note?: string | null;
}

export function ApplicationStatusCard({ view, stale = false, titleRef, note }: ApplicationStatusCardProps) {
  return (
    <Card aria-labelledby="status-title">
      <CardHeader>
        <CardTitle id="status-title" ref={titleRef} tabIndex={-1} className="outline-none">
          Application Status
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {view ? (
          <>
            {/* Polling can change the decision while the page is open: announce it. */}
            <div role="status" aria-live="polite" className="flex flex-col items-start gap-3">
              <Badge tone={view.tone} className="px-3 py-1 text-sm" data-testid="application-status">
                {view.label}
              </Badge>
              <p className="leading-relaxed text-slate-700" data-testid="application-status-message">
                {view.message}
              </p>
              {note ? (
                <p className="font-semibold text-slate-900" data-testid="waitlist-position">
                  {note}
                </p>
              ) : null}
              {stale ? (
                <p className="text-sm text-slate-600">
                  We couldn&apos;t refresh your application just now; this is the last status we know.
                </p>
              ) : null}
            </div>
            <Button asChild className="self-start">
              <Link to={view.action.to}>
                {view.action.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </>
        ) : (
          <div role="status" className="flex items-center gap-3 text-sm font-medium text-slate-700">
            <Spinner className="text-brand-ink" />
            Loading...
          </div>
        )}
      </CardContent>
    </Card>
  );
}
