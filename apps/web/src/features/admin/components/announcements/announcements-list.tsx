import { useState } from 'react';
import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import type { Announcement, AnnouncementStatus } from '@lanyard/shared/announcements';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useCancelAnnouncement } from '../../api/announcements';
import { formatCount, formatDateTime } from '../../lib/labels';

const STATUS: Record<AnnouncementStatus, { label: string; tone: 'gray' | 'blue' | 'green' | 'yellow' }> = {
  scheduled: { label: 'Scheduled', tone: 'yellow' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
};

const COLUMNS = 8;

interface AnnouncementsListProps {
  rows: readonly Announcement[];
  loading: boolean;
  emptyMessage?: string;
}

/** Every announcement, newest first: to whom, when, and how its e-mails went. */
export function AnnouncementsList({ rows, loading, emptyMessage }: AnnouncementsListProps) {
  const cancel = useCancelAnnouncement();
  const [cancelling, setCancelling] = useState<Announcement | null>(null);

  const onCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling._id, {
      onSuccess: () => {
        setCancelling(null);
        toast.success('Announcement Cancelled', { description: 'Nobody will receive it.' });
      },
      onError: (err) => {
        setCancelling(null);
        toast.error('Error', {
          description: isApiError(err) ? err.message : 'The announcement could not be cancelled.',
        });
      },
    });
  };

  return (
    <>
      <Table aria-label="Announcements" aria-busy={loading || undefined}>
        <THead>
          <tr>
            <Th>Subject</Th>
            <Th>Sent To</Th>
            <Th>Status</Th>
            <Th>When</Th>
            <Th className="text-right">Recipients</Th>
            <Th className="text-right">Delivered</Th>
            <Th className="text-right">Failed</Th>
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
                    Loading announcements...
                  </span>
                ) : (
                  (emptyMessage ?? 'No announcements yet. Write one above.')
                )}
              </Td>
            </tr>
          ) : (
            rows.map((a) => (
              <Tr key={a._id} data-announcement-id={a._id} data-status={a.status}>
                <Td className="max-w-64 min-w-44 font-medium text-slate-900">
                  <span className="block truncate" title={a.subject}>
                    <bdi>{a.subject}</bdi>
                  </span>
                  <span className="block truncate text-xs font-normal text-slate-600">
                    by <bdi>{a.created_by ?? 'a deleted account'}</bdi>
                  </span>
                </Td>
                <Td className="max-w-72 min-w-48">
                  <span className="line-clamp-2 text-slate-800" title={a.segment_summary}>
                    {a.segment_summary}
                  </span>
                </Td>
                <Td>
                  <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].label}</Badge>
                  {a.note ? <span className="mt-1 block max-w-48 text-xs text-red-800">{a.note}</span> : null}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  <time dateTime={a.sent_at ?? a.send_at}>{formatDateTime(a.sent_at ?? a.send_at)}</time>
                </Td>
                <Td className="text-right tabular-nums" data-testid="announcement-recipients">
                  {a.recipients === null ? '—' : formatCount(a.recipients)}
                </Td>
                <Td className="text-right tabular-nums" data-testid="announcement-delivered">
                  {formatCount(a.delivered)}
                </Td>
                <Td
                  className={`text-right tabular-nums ${a.failed ? 'font-semibold text-red-800' : ''}`}
                  data-testid="announcement-failed"
                >
                  {formatCount(a.failed)}
                </Td>
                <Td className="text-right">
                  {a.status === 'scheduled' ? (
                    <Button variant="secondary" size="sm" onClick={() => setCancelling(a)}>
                      <Ban aria-hidden="true" />
                      Cancel<span className="sr-only"> “{a.subject}”</span>
                    </Button>
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </Td>
              </Tr>
            ))
          )}
        </TBody>
      </Table>

      <TypedConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title="Cancel this announcement?"
        description={
          cancelling
            ? `“${cancelling.subject}” was to go out ${formatDateTime(cancelling.send_at)}. Nobody will receive it.`
            : ''
        }
        confirmText={null}
        actionLabel="Cancel Announcement"
        destructive
        pending={cancel.isPending}
        onConfirm={onCancel}
      />
    </>
  );
}
