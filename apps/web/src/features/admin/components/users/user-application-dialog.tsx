import { useEffect } from 'react';
import type { AdminApplicationDetail } from '@lanyard/shared/admin';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useApplicationDetail } from '../../api/applications-detail';
import { answerSections, formatAnswer } from '../../lib/application-answers';
import { formatDateTime, roleName } from '../../lib/labels';
import { userStatusView } from './users-filters';

export const FETCH_APPLICATION_ERROR = 'Failed to fetch application details.';

interface UserApplicationDialogProps {
  /** The application to show; null closes the dialog. */
  applicationId: string | null;
  email: string;
  onClose: () => void;
}

/** Read-only view of one user's application (users tab, "View application"). */
export function UserApplicationDialog({ applicationId, email, onClose }: UserApplicationDialogProps) {
  const detail = useApplicationDetail(applicationId);

  useEffect(() => {
    if (detail.isError) toast.error('Error', { description: FETCH_APPLICATION_ERROR });
  }, [detail.isError]);

  return (
    <Dialog open={applicationId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Application Details</DialogTitle>
          <DialogDescription>{email}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Loading application...
          </p>
        ) : detail.isError ? (
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">{FETCH_APPLICATION_ERROR}</AlertDescription>
          </Alert>
        ) : (
          <ApplicationDetails application={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ApplicationDetails({ application: a }: { application: AdminApplicationDetail }) {
  const status = userStatusView(a.status);
  const summary: { label: string; value: string }[] = [
    { label: 'Name', value: `${a.first_name} ${a.last_name}`.trim() || 'Not provided' },
    { label: 'Email', value: a.email },
    { label: 'Role', value: roleName(a.role) },
    { label: 'School', value: formatAnswer(a.university) },
    { label: 'Major', value: formatAnswer(a.major) },
    { label: 'Submitted', value: formatDateTime(a.submitted_at) },
    { label: 'RSVP Status', value: a.rsvp_status ?? 'N/A' },
    { label: 'Resume', value: a.resume_url ? 'Submitted' : 'Not provided' },
  ];
  if (a.access_code_used) summary.push({ label: 'Access code used', value: a.access_code_used });
  const { essays, fields } = answerSections(a.role, a.answers, a.custom);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-2">
        <span className="text-sm font-medium text-slate-700">Status</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <section aria-labelledby="user-app-summary">
        <h3 id="user-app-summary" className="mb-2 text-sm font-semibold text-slate-900">
          Summary
        </h3>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {summary.map((item) => (
            <div key={item.label} className="contents">
              <dt className="font-medium text-slate-600">{item.label}</dt>
              <dd className="break-words text-slate-900">{item.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="user-app-answers">
        <h3 id="user-app-answers" className="mb-2 text-sm font-semibold text-slate-900">
          Application Content
        </h3>
        {essays.length === 0 && fields.length === 0 ? (
          <p className="text-sm text-slate-600">No answers recorded.</p>
        ) : (
          <div className="flex flex-col gap-4">
            {essays.length ? (
              <dl className="grid gap-3 text-sm">
                {essays.map((row) => (
                  <div key={row.key} className="rounded-lg border border-slate-200 p-3">
                    <dt className="font-medium text-slate-600">{row.label}</dt>
                    <dd className="mt-1 break-words whitespace-pre-wrap text-slate-900">{row.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
              {fields.map((row) => (
                <div key={row.key} className="contents">
                  <dt className="font-medium text-slate-600">{row.label}</dt>
                  <dd className="break-words whitespace-pre-wrap text-slate-900">{row.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </section>
    </div>
  );
}
