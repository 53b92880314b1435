import { useEffect, useRef, useState } from 'react';
import type { AdminApplicationDetail } from '@lanyard/shared/admin';
import type { DecisionStatus } from '@lanyard/shared/constants';
import { Check, Clock, ExternalLink, FileText, X } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Kbd } from '@/components/ui/kbd';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useApplicationDetail } from '../../api/applications-detail';
import { useAdminResumeUrl } from '../../api/applications-resume-url';
import { useUpdateApplicationStatus } from '../../api/applications-update-status';
import type { DetailNavigation } from '../../hooks/use-detail-navigation';
import { useReviewShortcuts } from '../../hooks/use-review-shortcuts';
import { answerSections } from '../../lib/application-answers';
import { describeAuditEntry } from '../../lib/history';
import { formatDate, formatDateTime, fullName, roleName, safeHttpUrl } from '../../lib/labels';
import { ApplicantSummary, Fields, LinkOrText, Section, Text } from '../applicant-summary';
import { ReceivedAnnouncements } from '../announcements/received-announcements';
import { DetailNavBar } from './detail-nav-bar';
import { ReviewsSection } from './reviews-section';

export const FETCH_DETAIL_ERROR = 'Failed to fetch application details.';

/**
 * The application open in the Applications tab, with Previous/Next through the filtered list and
 * the review keys: J/K to move, A/W/R to accept, waitlist or reject. A decision moves on to the
 * next application, so reviewing is one keypress per applicant.
 */
export function ApplicationDetailDialog({ navigation: nav }: { navigation: DetailNavigation }) {
  const detail = useApplicationDetail(nav.viewing);
  const updateStatus = useUpdateApplicationStatus();
  const [deciding, setDeciding] = useState<DecisionStatus | null>(null);
  const decidingRef = useRef(false);
  const lastViewed = useRef<string | null>(null);
  const busy = deciding !== null || nav.moving;
  // Only the application asked for, never a neighbour's data still on screen, is decided on.
  const shown = detail.data && detail.data._id === nav.viewing ? detail.data : null;

  useEffect(() => {
    if (detail.isError) toast.error('Error', { description: FETCH_DETAIL_ERROR });
  }, [detail.isError]);
  useEffect(() => {
    if (nav.viewing) lastViewed.current = nav.viewing;
  }, [nav.viewing]);

  const decide = async (status: DecisionStatus) => {
    if (!shown || shown.status === status || decidingRef.current || nav.isMoving()) return;
    if (shown._id !== nav.current()) return;
    decidingRef.current = true;
    setDeciding(status);
    try {
      // Looked up before the change: with a status filter the decided one leaves the list.
      const following = await nav.peekNext();
      try {
        await updateStatus.mutateAsync({ id: shown._id, status });
      } catch {
        toast.error('Error', { description: 'Failed to update application status' });
        return;
      }
      toast.success('Success', {
        description: (
          <>
            Application status updated to {status} for <bdi>{fullName(shown)}</bdi>
          </>
        ),
      });
      if (following) await nav.settleOn(following);
    } finally {
      decidingRef.current = false;
      setDeciding(null);
    }
  };

  // No step while a decision is saved: it moves on by itself when done.
  const previous = () => (decidingRef.current ? undefined : nav.previous());
  const next = () => (decidingRef.current ? undefined : nav.next());

  const open = nav.viewing !== null;
  useReviewShortcuts(
    {
      j: next,
      k: previous,
      a: () => void decide('accepted'),
      w: () => void decide('waitlisted'),
      r: () => void decide('rejected'),
    },
    open,
  );

  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? undefined : nav.close())}>
      {/* The container is focused only when a focused button gets disabled (a decided status):
          an outline around the whole dialog would look like a selection, not a place. */}
      <DialogContent
        className="max-w-4xl grid-cols-[minmax(0,1fr)] gap-6 focus-visible:outline-none"
        onCloseAutoFocus={(event) => {
          // Back to the row of the application last shown (the table moved along with the dialog),
          // rather than to the View button that opened it, which may be on another page by now.
          const id = lastViewed.current;
          const row = id ? document.querySelector(`tr[data-application-id="${CSS.escape(id)}"]`) : null;
          const view = row?.querySelector<HTMLButtonElement>('td:last-child button');
          if (view) {
            event.preventDefault();
            view.focus();
          }
        }}
      >
        {shown ? (
          <DetailBody application={shown} deciding={deciding} onDecide={(s) => void decide(s)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Application Details</DialogTitle>
              <DialogDescription>
                {detail.isError ? FETCH_DETAIL_ERROR : 'Loading application...'}
              </DialogDescription>
            </DialogHeader>
            {detail.isError ? (
              <Alert tone="error" role="alert" className="items-center">
                <AlertDescription className="mt-0 flex-1">{FETCH_DETAIL_ERROR}</AlertDescription>
                <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : (
              <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-700">
                <Spinner className="size-5 text-brand-ink" />
                Loading application...
              </div>
            )}
          </>
        )}
        <DetailNavBar position={nav.position} busy={busy} onPrevious={previous} onNext={next} />
      </DialogContent>
    </Dialog>
  );
}

const STATUS_ACTIONS: {
  status: DecisionStatus;
  label: string;
  shortcut: string;
  variant: 'default' | 'destructive' | 'secondary';
  icon: typeof Check;
}[] = [
  { status: 'accepted', label: 'Accept', shortcut: 'A', variant: 'default', icon: Check },
  { status: 'rejected', label: 'Reject', shortcut: 'R', variant: 'destructive', icon: X },
  { status: 'waitlisted', label: 'Waitlist', shortcut: 'W', variant: 'secondary', icon: Clock },
];

interface DetailBodyProps {
  application: AdminApplicationDetail;
  /** The decision being saved, if any. */
  deciding: DecisionStatus | null;
  onDecide: (status: DecisionStatus) => void;
}

function DetailBody({ application: a, deciding, onDecide }: DetailBodyProps) {
  const name = fullName(a);
  const resumeUrl = useAdminResumeUrl();
  const { essays, fields } = answerSections(a.role, a.answers, a.custom);
  const portfolio = safeHttpUrl(a.portfolio_url ?? a.answers.portfolio);

  const noResume = () =>
    toast.warning('No Resume', { description: 'This applicant did not submit a resume.' });

  const openResume = () => {
    if (!a.resume_url) {
      noResume();
      return;
    }
    // Opened now, inside the click, so popup blockers allow it; pointed at the link once it arrives.
    const tab = window.open('', '_blank');
    resumeUrl.mutate(a.resume_url, {
      onSuccess: ({ signed_url }) => {
        const url = new URL(signed_url, window.location.origin).href;
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
      },
      onError: (err) => {
        tab?.close();
        if (isApiError(err) && err.code === 'no_resume') noResume();
        else toast.error('Download Error', { description: 'Failed to download resume. Please try again.' });
      },
    });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-xl [overflow-wrap:anywhere]">
          <bdi>{name}</bdi>
        </DialogTitle>
        <DialogDescription>
          {roleName(a.role)} application submitted {formatDate(a.submitted_at)}
        </DialogDescription>
      </DialogHeader>

      <ApplicantSummary
        idPrefix="detail"
        data={{ ...a, name }}
        extra={[
          ['School', <Text key="u" value={a.university} />],
          ['Major', <Text key="m" value={a.major} />],
        ]}
      />

      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Quick Actions" id="detail-quick-actions">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={openResume} disabled={resumeUrl.isPending}>
              {resumeUrl.isPending ? <Spinner className="size-4" /> : <FileText aria-hidden="true" />}
              Download Resume
              <span className="sr-only"> (opens in a new tab)</span>
            </Button>
            {portfolio ? (
              <Button asChild variant="secondary" size="sm">
                <a href={portfolio} target="_blank" rel="noopener noreferrer nofollow">
                  <ExternalLink aria-hidden="true" />
                  View Portfolio
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <p className="self-center text-sm text-slate-600">No portfolio link</p>
            )}
          </div>
        </Section>
        <Section title="Change Status" id="detail-change-status">
          <div className="flex flex-wrap gap-2">
            {STATUS_ACTIONS.map(({ status, label, shortcut, variant, icon: Icon }) => (
              <Button
                key={status}
                variant={variant}
                size="sm"
                disabled={a.status === status}
                // Busy, not disabled: a disabled button drops the focus, and the dialog moves on.
                aria-disabled={deciding !== null || undefined}
                onClick={() => onDecide(status)}
                aria-keyshortcuts={shortcut}
              >
                {deciding === status ? <Spinner className="size-4" /> : <Icon aria-hidden="true" />}
                {label}
                <Kbd>{shortcut}</Kbd>
              </Button>
            ))}
          </div>
        </Section>
      </div>

      <ReviewsSection applicationId={a._id} />

      <Section title="Application" id="detail-answers">
        {essays.length ? (
          <div className="flex flex-col gap-4">
            {essays.map((essay) => (
              <div key={essay.key} className="flex flex-col gap-1.5">
                <h4 className="text-sm font-semibold text-slate-800">{essay.label}</h4>
                <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                  <bdi>{essay.value}</bdi>
                </p>
              </div>
            ))}
          </div>
        ) : null}
        <Fields
          items={fields.map((f) => [
            f.label,
            f.href ? <LinkOrText key={f.key} value={f.href} /> : <bdi key={f.key}>{f.value}</bdi>,
          ])}
        />
      </Section>

      <Section title="Submission" id="detail-submission">
        <Fields
          items={[
            ['Submitted At', formatDateTime(a.submitted_at)],
            ['Updated At', formatDateTime(a.updated_at)],
            ['Access Code Used', <Text key="c" value={a.access_code_used ?? 'None'} />],
          ]}
        />
      </Section>

      <Section title="History" id="detail-history">
        {a.history.length === 0 ? (
          <p className="text-sm text-slate-600">No changes recorded yet.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-100">
            {a.history.map((entry) => (
              <li key={entry._id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:gap-3">
                <time dateTime={entry.created_at} className="shrink-0 text-slate-600 tabular-nums sm:w-44">
                  {formatDateTime(entry.created_at)}
                </time>
                <span className="text-slate-900">{describeAuditEntry(entry)}</span>
                <span className="text-slate-600 [overflow-wrap:anywhere] sm:ml-auto">
                  by <bdi>{entry.actor_email ?? 'System'}</bdi>
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Announcements Received" id="detail-announcements">
        <ReceivedAnnouncements applicationId={a._id} />
      </Section>
    </>
  );
}
