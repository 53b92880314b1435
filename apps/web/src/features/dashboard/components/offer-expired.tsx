import { Mail, TimerOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

interface OfferExpiredProps {
  /** Why the card says so: the server's refusal of a late answer, or when the offer expired. */
  message: string;
  contactEmail: string;
  /** A mail to the organisers naming the account, as a change request does. */
  mailto: string;
}

/**
 * An offer that expired unanswered (offers that expire): no form, only what happened and who can
 * still help. The organisers can reopen it by extending the deadline; the applicant cannot.
 */
export function OfferExpired({ message, contactEmail, mailto }: OfferExpiredProps) {
  return (
    <div className="flex flex-col gap-4" role="status">
      <div className="flex flex-col items-start gap-3">
        <Badge tone="gray" className="gap-1.5 px-3 py-1 text-sm" data-testid="rsvp-status">
          <TimerOff aria-hidden="true" className="size-4" />
          Expired
        </Badge>
        <p className="leading-relaxed text-slate-700" data-testid="rsvp-message">
          {message}
        </p>
      </div>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
        <p>
          If you think this is a mistake, or would still like to come, e-mail the organizers at{' '}
          <span className="font-medium break-all">{contactEmail}</span>.
        </p>
        <Button asChild variant="secondary" size="sm" className="self-start">
          <a href={mailto}>
            <Mail aria-hidden="true" />
            E-mail the organizers
          </a>
        </Button>
      </div>
    </div>
  );
}
