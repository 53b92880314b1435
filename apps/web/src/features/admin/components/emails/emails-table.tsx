import { RotateCw } from 'lucide-react';
import type { z } from 'zod';
import type { outboxRowSchema } from '@lanyard/shared/email';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { EMAIL_STATUS_LABELS, emailKindLabel, emailStatusTone } from '../../lib/email-filters';
import { formatDateTime } from '../../lib/labels';

export type OutboxRow = z.infer<typeof outboxRowSchema>;

interface EmailsTableProps {
  rows: readonly OutboxRow[];
  loading: boolean;
  /** The id being retried, if any. */
  retrying: string | null;
  onRetry: (row: OutboxRow) => void;
  emptyMessage?: string;
}

const COLUMNS = 9;

function CellText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={`block truncate ${className ?? ''}`} title={text}>
      <bdi>{text}</bdi>
    </span>
  );
}

/**
 * Date over time: two short lines instead of one long one, so all nine columns fit at 1280 px
 * without the Actions column sliding out of view.
 */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-500">—</span>;
  const text = formatDateTime(iso);
  const cut = text.lastIndexOf(', ');
  return (
    <time dateTime={iso} title={text} className="flex flex-col whitespace-nowrap">
      <span>{cut > 0 ? text.slice(0, cut) : text}</span>
      {cut > 0 ? <span className="text-xs text-slate-600">{text.slice(cut + 2)}</span> : null}
    </time>
  );
}

/** The outbox, newest first: who, what, and whether it went out. */
export function EmailsTable({
  rows,
  loading,
  retrying,
  onRetry,
  emptyMessage = 'No e-mails found.',
}: EmailsTableProps) {
  return (
    <Table aria-label="E-mails" aria-busy={loading || undefined}>
      <THead>
        <tr>
          <Th>Recipient</Th>
          <Th>Subject</Th>
          <Th>Kind</Th>
          <Th>Status</Th>
          <Th className="text-right">Attempts</Th>
          <Th>Last Error</Th>
          <Th>Created</Th>
          <Th>Sent</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <tr>
            <Td colSpan={COLUMNS} className="py-10 text-center text-slate-600">
              {loading ? (
                <span role="status" className="inline-flex items-center gap-2">
                  <Spinner className="size-4" />
                  Loading e-mails...
                </span>
              ) : (
                emptyMessage
              )}
            </Td>
          </tr>
        ) : (
          rows.map((row) => (
            <Tr key={row._id} data-email-id={row._id} data-status={row.status}>
              <Td className="max-w-48 font-medium text-slate-900">
                <CellText text={row.to} />
              </Td>
              <Td className="max-w-60 min-w-40">
                <CellText text={row.subject} />
              </Td>
              <Td className="whitespace-nowrap">{emailKindLabel(row.kind)}</Td>
              <Td>
                <Badge tone={emailStatusTone(row.status)}>{EMAIL_STATUS_LABELS[row.status]}</Badge>
              </Td>
              <Td className="text-right tabular-nums">{row.attempts}</Td>
              <Td className="max-w-48">
                {row.last_error ? (
                  <CellText text={row.last_error} className="text-red-800" />
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </Td>
              <Td className="tabular-nums">
                <When iso={row.created_at} />
              </Td>
              <Td className="tabular-nums">
                <When iso={row.sent_at} />
              </Td>
              <Td className="text-right">
                {row.status === 'failed' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onRetry(row)}
                    disabled={retrying !== null}
                  >
                    {retrying === row._id ? <Spinner className="size-4" /> : <RotateCw aria-hidden="true" />}
                    Retry
                    <span className="sr-only">
                      {' '}
                      e-mail to <bdi>{row.to}</bdi>
                    </span>
                  </Button>
                ) : null}
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}
