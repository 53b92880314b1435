import type { ReactNode } from 'react';
import { CircleCheck, Mail } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { recordedLabel, type RsvpApplicantStatus } from '../lib/rsvp-card';

/** What the applicant told us in this visit: the server keeps it, but does not send it back. */
export interface AttendanceSummary {
  preferredName: string;
  pronoun: string | null;
}

/** The thank-you state of an answered RSVP, and how to ask the organisers for a change. */
export function Recorded({
  status,
  rsvp,
  eventName,
  summary,
  mailto,
  contactEmail,
  releasedNow,
  release,
}: {
  status: RsvpApplicantStatus;
  rsvp: 'accepted' | 'declined' | 'maybe';
  eventName: string;
  summary: AttendanceSummary | null;
  mailto: string;
  contactEmail: string;
  releasedNow: boolean;
  /** "I can no longer attend", for a confirmed attendee. */
  release: ReactNode;
}) {
  const label = recordedLabel(status, rsvp);
  const tone =
    rsvp === 'declined' ? 'gray' : rsvp === 'maybe' ? 'yellow' : status === 'waitlisted' ? 'orange' : 'green';
  let message: ReactNode;
  if (rsvp === 'declined' && releasedNow) {
    message = `Thank you for letting us know. You've released your spot at ${eventName}, so someone on the waitlist can take it.`;
  } else if (rsvp === 'declined') {
    message =
      status === 'waitlisted'
        ? `Thank you for letting us know. You've been removed from the waitlist for ${eventName}.`
        : `Thank you for letting us know. You've declined your spot at ${eventName}; we hope to see you at a future event.`;
  } else if (rsvp === 'maybe') {
    message = 'Your RSVP is recorded as maybe. Please let the organizers know once you have decided.';
  } else if (status === 'waitlisted') {
    message = "Thank you! You're staying on the waitlist, and we'll e-mail you if a spot opens up.";
  } else {
    message = `Thank you for confirming! We can't wait to see you at ${eventName}.`;
  }
  return (
    <div className="flex flex-col gap-4" role="status">
      <div className="flex flex-col items-start gap-3">
        <Badge tone={tone} className="gap-1.5 px-3 py-1 text-sm" data-testid="rsvp-status">
          {rsvp === 'accepted' ? <CircleCheck aria-hidden="true" className="size-4" /> : null}
          {label}
        </Badge>
        <p className="leading-relaxed text-slate-700" data-testid="rsvp-message">
          {message}
        </p>
      </div>
      {summary && rsvp === 'accepted' && status === 'accepted' ? (
        <dl
          className="grid gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr]"
          data-testid="rsvp-summary"
        >
          <dt className="font-medium text-slate-600">Preferred name</dt>
          <dd className="break-words text-slate-900">{summary.preferredName}</dd>
          <dt className="font-medium text-slate-600">Pronoun</dt>
          <dd className="break-words text-slate-900">{summary.pronoun ?? 'Not given'}</dd>
        </dl>
      ) : null}
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
        {release}
        <p>
          {release
            ? 'Need to change your details? E-mail the organizers at '
            : "Need to change your RSVP? Changes can't be made in the portal: e-mail the organizers at "}
          <span className="font-medium break-all">{contactEmail}</span>.
        </p>
        <p className="text-slate-600">
          Declining a spot or leaving the waitlist cannot be undone in the portal.
        </p>
        <Button asChild variant="secondary" size="sm" className="self-start">
          <a href={mailto}>
            <Mail aria-hidden="true" />
            Request an RSVP change
          </a>
        </Button>
      </div>
    </div>
  );
}
