import { useEffect, useMemo, useState } from 'react';
import { Eye } from 'lucide-react';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import type { EmailTemplateKey } from '@lanyard/shared/email';
import { Spinner } from '@/components/ui/spinner';
import { useEmailPreview, type EmailPreviewInput } from '../../api/email-template-preview';

/** `value` once it has stopped changing for `delayMs` (compared by its JSON text). */
function useDebouncedInput(value: EmailPreviewInput, delayMs: number): EmailPreviewInput {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(key), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return useMemo(() => JSON.parse(settled) as EmailPreviewInput, [settled]);
}

interface EmailTemplatePreviewProps {
  template: EmailTemplateKey;
  subject: string;
  body: string;
}

/**
 * The e-mail as the server renders it, with sample values: the subject, the HTML part in a fully
 * sandboxed frame (no scripts, no navigation, no access to this page) and the plain-text part.
 */
export function EmailTemplatePreview({ template, subject, body }: EmailTemplatePreviewProps) {
  const input = useDebouncedInput({ template, subject, body }, USER_SEARCH_DEBOUNCE_MS);
  const preview = useEmailPreview(input);
  const data = preview.data;
  const updating =
    preview.isFetching || JSON.stringify(input) !== JSON.stringify({ template, subject, body });

  return (
    <section
      aria-labelledby="email-preview-title"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="email-preview-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Eye aria-hidden="true" className="size-4 text-slate-500" />
          Preview
        </h3>
        <span className="flex items-center gap-1.5 text-xs text-slate-600" aria-live="polite">
          {updating ? (
            <>
              <Spinner className="size-3.5" /> Updating...
            </>
          ) : (
            'Sample values: the name is "Ada".'
          )}
        </span>
      </div>

      {preview.isError && !data ? (
        <p role="alert" className="text-sm text-red-800">
          The preview could not be made. Keep editing, or try again later.
        </p>
      ) : !data ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
          <Spinner className="size-4" /> Loading preview...
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Subject</p>
            <p
              className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]"
              data-testid="email-preview-subject"
            >
              <bdi>{data.subject}</bdi>
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">HTML</p>
            <iframe
              title="HTML preview of the e-mail"
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
              data-testid="email-preview-text"
            >
              {data.text}
            </pre>
          </div>
        </>
      )}
    </section>
  );
}
