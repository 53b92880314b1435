import { useEffect, useReducer, useRef, useState } from 'react';
import { CalendarClock, Clock } from 'lucide-react';
import { toast } from 'sonner';
import type { MyApplication } from '@lanyard/shared/application';
import {
  RSVP_CLOSED_MESSAGE,
  RSVP_DEADLINE_MESSAGE,
  storedPronoun,
  type RsvpSubmission,
} from '@lanyard/shared/rsvp';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { isApiError } from '@/lib/api-client';
import { usePublicSettings } from '@/api/get-public-settings';
import { useSubmitRsvp } from '../api/submit-rsvp';
import {
  confirmationCopy,
  formatDeadline,
  isAttending,
  rsvpCardState,
  rsvpChangeMailto,
  rsvpRefusal,
  RSVP_SUBMIT_ERROR,
  serverClockOffset,
  type RsvpApplicantStatus,
  type RsvpCardState,
} from '../lib/rsvp-card';
import { formatOfferDue, offerExpiredMailto, offerExpiredMessage } from '../lib/offer';
import { OfferExpired } from './offer-expired';
import { ReleaseSpot } from './release-spot';
import { RsvpConfirmDialog } from './rsvp-confirm-dialog';
import { RsvpForm, toSubmissionBody } from './rsvp-form';
import { Recorded, type AttendanceSummary } from './rsvp-recorded';

interface RsvpCardProps {
  application: MyApplication;
  /** The signed-in account, named in the change-request e-mail. */
  accountEmail: string;
  /** Asks for the application again (after a refused answer that may be out of date). */
  onRefetchApplication: () => void;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * "Now" on the server's clock (the settings answer carries its time), re-rendering the moment the
 * deadline passes so an open page does not keep offering the form.
 */
function useServerNow(serverTime: string | undefined, receivedAt: number, deadline: string | null): number {
  const offset = serverClockOffset(serverTime, receivedAt);
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!deadline) return;
    const wait = Date.parse(deadline) - (Date.now() + offset) + 1;
    if (!(wait > 0) || wait > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(tick, wait);
    return () => clearTimeout(timer);
  }, [deadline, offset]);
  return Date.now() + offset;
}

/**
 * The applicant's RSVP, shown above the status card once a decision is released:
 * the form while RSVPs are open, a thank-you once answered, the reason when it cannot be answered.
 */
export function RsvpCard({ application, accountEmail, onRefetchApplication }: RsvpCardProps) {
  const event = useEventConfig();
  const eventName = eventTitle(event);
  const settings = usePublicSettings();
  const submit = useSubmitRsvp();
  const offer = application.offer;
  const now = useServerNow(
    settings.data?.server_time,
    settings.dataUpdatedAt,
    // An offer's own deadline is never later than the global one: the page turns at the first.
    offer?.due_at ?? settings.data?.rsvp_deadline ?? null,
  );
  // A refusal from the server (closed, deadline) stands until the settings have been asked again.
  const [refusal, setRefusal] = useState<{ kind: 'closed' | 'deadline_passed'; at: number } | null>(null);
  // The server refused a late answer: its words, standing until the application changes (the
  // expiry job marks it, or an organiser extends the deadline and the offer is open again).
  const [expiredRefusal, setExpiredRefusal] = useState<{ message: string; at: string } | null>(null);
  const [answer, setAnswer] = useState<{ status: RsvpApplicantStatus; values: RsvpSubmission } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [summary, setSummary] = useState<AttendanceSummary | null>(null);
  // Released in this visit: the card thanks them for freeing the place (a reload says "declined").
  const [releasedNow, setReleasedNow] = useState(false);
  const focusAfterClose = useRef(false);
  const focusTarget = useRef<HTMLDivElement>(null);

  let state: RsvpCardState = rsvpCardState({
    status: application.status,
    released: application.decisions_released,
    rsvpStatus: application.rsvp_status,
    offer,
    settings: settings.data,
    now,
  });
  if (state.kind === 'form' && refusal && refusal.at === settings.dataUpdatedAt)
    state = { kind: refusal.kind };
  if (expiredRefusal?.at === application.updated_at && state.kind !== 'recorded' && state.kind !== 'hidden')
    state = { kind: 'expired', dueAt: offer?.due_at ?? null };
  const expiredHere = state.kind === 'expired' && !offer?.expired;
  // Expired on this page's clock before the server said so: ask again, so the status card agrees.
  useEffect(() => {
    if (expiredHere) onRefetchApplication();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiredHere]);
  if (state.kind === 'hidden') return null;
  const formStatus: RsvpApplicantStatus = state.kind === 'form' ? state.status : 'accepted';

  const send = (given = answer) => {
    if (!given) return;
    const { status, values } = given;
    submit.mutate(toSubmissionBody(status, values), {
      onSuccess: () => {
        if (isAttending(status, values.response)) {
          setSummary({ preferredName: values.preferredName, pronoun: storedPronoun(values) });
        }
        focusAfterClose.current = true;
        setDialogOpen(false);
      },
      onError: (err) => {
        const refused = rsvpRefusal(err);
        if (refused === 'offer_expired') {
          // The deadline passed while the form was open: the server's words, and the fresh application.
          setExpiredRefusal({ message: isApiError(err) ? err.message : '', at: application.updated_at });
          focusAfterClose.current = true;
          onRefetchApplication();
        } else if (refused) {
          setRefusal({ kind: refused, at: settings.dataUpdatedAt });
          focusAfterClose.current = true;
          void settings.refetch();
        } else {
          toast.error(RSVP_SUBMIT_ERROR, {
            description:
              isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 403
                ? err.message
                : undefined,
          });
          // Already answered elsewhere, or no longer eligible: show what the server now says.
          if (isApiError(err) && (err.status === 403 || err.status === 409)) onRefetchApplication();
        }
        setDialogOpen(false);
      },
    });
  };

  const deadline = settings.data?.rsvp_deadline
    ? formatDeadline(settings.data.rsvp_deadline, event.timeZone)
    : null;
  const ownDue = state.kind === 'form' && state.dueAt ? formatOfferDue(state.dueAt, event.timeZone) : null;
  // The applicant's own deadline replaces the global one: it is never later, and one date is clearer.
  const deadlineLine = ownDue ? (
    <p className="flex items-center gap-2 text-slate-900" data-testid="rsvp-confirm-by">
      <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
      <span>
        <time className="font-semibold" dateTime={state.kind === 'form' ? state.dueAt : undefined}>
          Confirm by {ownDue.text}
        </time>
        {ownDue.zone ? <span className="text-sm text-slate-600"> {ownDue.zone}</span> : null}
      </span>
    </p>
  ) : deadline ? (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="rsvp-deadline">
      <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span>
        <span className="font-medium">RSVP deadline:</span>{' '}
        <time dateTime={settings.data?.rsvp_deadline ?? undefined}>{deadline.text}</time>
      </span>
    </p>
  ) : null;

  return (
    <Card aria-labelledby="rsvp-title" data-testid="rsvp-card" data-state={state.kind}>
      <CardHeader>
        <CardTitle id="rsvp-title">RSVP</CardTitle>
        {describe(state, eventName) ? <CardDescription>{describe(state, eventName)}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div ref={focusTarget} tabIndex={-1} className="flex flex-col gap-5 outline-none">
          {state.kind === 'recorded' ? (
            <Recorded
              status={state.status}
              rsvp={state.rsvp}
              eventName={eventName}
              summary={
                summary ??
                (application.rsvp_details?.preferred_name
                  ? {
                      preferredName: application.rsvp_details.preferred_name,
                      pronoun: application.rsvp_details.pronoun,
                    }
                  : null)
              }
              mailto={rsvpChangeMailto(event.contactEmail, accountEmail)}
              contactEmail={event.contactEmail}
              releasedNow={releasedNow}
              release={
                state.status === 'accepted' && state.rsvp === 'accepted' ? (
                  <ReleaseSpot
                    eventName={eventName}
                    onReleased={() => {
                      setReleasedNow(true);
                      // After the dialog and the button are gone: the thank-you takes focus.
                      requestAnimationFrame(() => focusTarget.current?.focus());
                    }}
                    onRefetchApplication={onRefetchApplication}
                  />
                ) : null
              }
            />
          ) : null}

          {state.kind === 'expired' ? (
            <OfferExpired
              message={expiredRefusal?.message || offerExpiredMessage(state.dueAt, event.timeZone)}
              contactEmail={event.contactEmail}
              mailto={offerExpiredMailto(event.contactEmail, accountEmail)}
            />
          ) : null}

          {state.kind === 'closed' || state.kind === 'deadline_passed' ? (
            <>
              <Alert tone="warning" role="status" data-testid="rsvp-message">
                <Clock aria-hidden="true" />
                <AlertDescription className="mt-0">
                  {state.kind === 'closed' ? RSVP_CLOSED_MESSAGE : RSVP_DEADLINE_MESSAGE}
                </AlertDescription>
              </Alert>
              {deadlineLine}
              <p className="text-sm text-slate-600">
                Questions? E-mail{' '}
                <a
                  className="font-medium text-brand-ink underline underline-offset-4"
                  href={`mailto:${event.contactEmail}`}
                >
                  {event.contactEmail}
                </a>
                .
              </p>
            </>
          ) : null}

          {state.kind === 'unknown' ? (
            settings.isError ? (
              <div className="flex flex-col items-start gap-3">
                <p role="alert" className="text-sm text-slate-700">
                  We couldn&apos;t load the RSVP details. Please try again.
                </p>
                <Button
                  variant="secondary"
                  onClick={() => void settings.refetch()}
                  disabled={settings.isFetching}
                >
                  Try again
                </Button>
              </div>
            ) : (
              <div role="status" className="flex items-center gap-3 text-sm font-medium text-slate-700">
                <Spinner className="text-brand-ink" />
                Loading...
              </div>
            )
          ) : null}
        </div>

        {state.kind === 'form' ? (
          <>
            {deadlineLine}
            <RsvpForm
              key={state.status}
              status={state.status}
              schoolName={schoolOf(application)}
              liabilityWaiverUrl={event.liabilityWaiverUrl}
              photoReleaseUrl={event.photoReleaseUrl}
              pending={submit.isPending}
              onValid={(values) => {
                const given = { status: formStatus, values };
                setAnswer(given);
                // Confirming attendance is sent at once (decision 015); the rest are confirmed first.
                if (confirmationCopy(formStatus, values.response, eventName)) setDialogOpen(true);
                else send(given);
              }}
            />
          </>
        ) : null}

        <RsvpConfirmDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          copy={answer ? confirmationCopy(answer.status, answer.values.response, eventName) : null}
          pending={submit.isPending}
          onConfirm={() => send()}
          onCloseAutoFocus={(e) => {
            // The form is gone (answered or refused): bring focus to what replaced it.
            if (!focusAfterClose.current) return;
            focusAfterClose.current = false;
            e.preventDefault();
            focusTarget.current?.focus();
          }}
        />
      </CardContent>
    </Card>
  );
}

function describe(state: RsvpCardState, eventName: string): string | null {
  if (state.kind !== 'form') return null;
  return state.status === 'accepted'
    ? `You're in! Let us know whether you'll attend ${eventName}.`
    : "You're on the waitlist. Let us know whether you'd like to stay on it.";
}

/** The school to prefill: a hacker's university, else a mentor's affiliation. */
function schoolOf(application: MyApplication): string {
  const { university, affiliation } = application.answers;
  if (typeof university === 'string' && university.trim()) return university.trim();
  if (typeof affiliation === 'string' && affiliation.trim()) return affiliation.trim();
  return '';
}
