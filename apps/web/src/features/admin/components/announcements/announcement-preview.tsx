import { ChevronLeft, ChevronRight, Eye } from 'lucide-react';
import type { AnnouncementPreview as Preview } from '@lanyard/shared/announcements';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '../../lib/labels';

interface AnnouncementPreviewProps {
  data: Preview | undefined;
  loading: boolean;
  error: boolean;
  /** False until there is a subject and a message to show. */
  ready: boolean;
  onStep: (index: number) => void;
}

export const SEGMENT_AT_SEND_TIME =
  'Who receives it is decided when it is sent: people who leave this segment before then are not e-mailed, and people who join it are.';

/**
 * The announcement as one real recipient of the segment will get it: the subject, the HTML part in
 * a fully sandboxed frame (no scripts, no navigation, no access to this page) and the plain text.
 */
export function AnnouncementPreview({ data, loading, error, ready, onStep }: AnnouncementPreviewProps) {
  const total = data?.recipients ?? 0;
  const index = data?.index ?? 0;
  return (
    <section
      aria-labelledby="announcement-preview-title"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id="announcement-preview-title"
          className="flex items-center gap-2 text-sm font-semibold text-slate-900"
        >
          <Eye aria-hidden="true" className="size-4 text-slate-500" />
          Preview
        </h3>
        {loading ? (
          <span role="status" className="flex items-center gap-1.5 text-xs text-slate-600">
            <Spinner className="size-3.5" /> Updating...
          </span>
        ) : null}
      </div>

      {error && !data ? (
        <p role="alert" className="text-sm text-red-800">
          The preview could not be made. Check the fields above, or try again later.
        </p>
      ) : !data ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
          <Spinner className="size-4" /> Loading preview...
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2" aria-live="polite">
            <p className="min-w-0 flex-1 text-sm text-slate-800" data-testid="announcement-preview-recipient">
              {data.recipient ? (
                <>
                  For <bdi className="font-semibold">{data.recipient.name}</bdi> (
                  <bdi className="[overflow-wrap:anywhere]">{data.recipient.email}</bdi>), recipient{' '}
                  {formatCount(index + 1)} of {formatCount(total)}
                </>
              ) : (
                'Nobody matches this segment right now. The preview uses the sample name "Ada".'
              )}
            </p>
            {data.recipient && total > 1 ? (
              <div className="flex gap-1.5">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === 0 || loading}
                  onClick={() => onStep(index - 1)}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index + 1 >= total || loading}
                  onClick={() => onStep(index + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </div>
          <p className="text-xs text-slate-600">{SEGMENT_AT_SEND_TIME}</p>
          {ready ? (
            <>
              <div className="flex flex-col gap-1">
                <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Subject</p>
                <p
                  className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]"
                  data-testid="announcement-preview-subject"
                >
                  <bdi>{data.subject}</bdi>
                </p>
              </div>
              <div className="flex flex-col gap-1">
                <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">HTML</p>
                <iframe
                  title="HTML preview of the announcement"
                  sandbox=""
                  srcDoc={data.html}
                  referrerPolicy="no-referrer"
                  className="h-80 w-full rounded-lg border border-slate-200 bg-white"
                />
              </div>
              <div className="flex flex-col gap-1">
                <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Plain text</p>
                <pre
                  className="max-h-64 overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
                  data-testid="announcement-preview-text"
                >
                  {data.text}
                </pre>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-700">Write a subject and a message to see the e-mail.</p>
          )}
        </>
      )}
    </section>
  );
}
