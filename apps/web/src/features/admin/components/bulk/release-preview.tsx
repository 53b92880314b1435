import { useId } from 'react';
import { Mail } from 'lucide-react';
import type { DecisionsPreview } from '@lanyard/shared/admin';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { releaseNote, releaseSummary } from '../../lib/release-summary';

const TEMPLATE_TITLE = {
  decision_accepted: 'Accepted e-mail',
  decision_waitlisted: 'Waitlisted e-mail',
  decision_rejected: 'Rejected e-mail',
} as const;

interface ReleasePreviewProps {
  role: ApplicantRole;
  preview: DecisionsPreview | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  sendEmail: boolean;
  onSendEmailChange: (send: boolean) => void;
}

/**
 * What the release will do, in numbers, and each e-mail as its first real recipient will get it:
 * the HTML part (escaped by the server) in a fully sandboxed frame, the plain text as text.
 */
export function ReleasePreview(props: ReleasePreviewProps) {
  const { role, preview, sendEmail } = props;
  const checkboxId = useId();
  if (props.error && !preview) {
    return (
      <Alert tone="error" role="alert" className="items-center">
        <AlertDescription className="mt-0 flex-1">
          Failed to load what the release will do. You can still release.
        </AlertDescription>
        <Button variant="secondary" size="sm" onClick={props.onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (props.loading || !preview) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="size-4" /> Counting decisions and e-mails...
      </p>
    );
  }
  const note = releaseNote(preview, sendEmail);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm font-medium text-slate-900" data-testid="release-summary" aria-live="polite">
        {releaseSummary(role, preview, sendEmail)}
      </p>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      <div className="flex items-start gap-2">
        <Checkbox
          id={checkboxId}
          checked={!sendEmail}
          onCheckedChange={(checked) => props.onSendEmailChange(checked !== true)}
        />
        <Label htmlFor={checkboxId} className="leading-snug">
          Release without e-mail
          <span className="block text-xs font-normal text-slate-600">
            Applicants see their decision on their dashboard only.
          </span>
        </Label>
      </div>
      {sendEmail && preview.samples.length ? (
        <div className="flex flex-col gap-2">
          {preview.samples.map((s, i) => (
            <details
              key={s.template}
              open={i === 0}
              className="rounded-xl border border-slate-200 bg-slate-50 p-3"
              data-testid={`release-preview-${s.template}`}
            >
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
                <Mail aria-hidden="true" className="size-4 text-slate-500" />
                {TEMPLATE_TITLE[s.template]} ({preview.email_counts[s.status]})
              </summary>
              <div className="mt-2 flex min-w-0 flex-col gap-2">
                <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                  As <bdi>{s.recipient.name}</bdi> &lt;<bdi>{s.recipient.email}</bdi>&gt; will get it
                </p>
                <p className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
                  <bdi>{s.subject}</bdi>
                </p>
                <iframe
                  title={`${TEMPLATE_TITLE[s.template]}, HTML part`}
                  sandbox=""
                  srcDoc={s.html}
                  referrerPolicy="no-referrer"
                  className="h-56 w-full rounded-lg border border-slate-200 bg-white"
                />
                <pre className="max-h-48 overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                  {s.text}
                </pre>
              </div>
            </details>
          ))}
        </div>
      ) : null}
    </div>
  );
}
