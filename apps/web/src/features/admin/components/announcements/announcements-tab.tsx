import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useAnnouncements } from '../../api/announcements';
import { AnnouncementComposer } from './announcement-composer';
import { AnnouncementsList } from './announcements-list';

const LOAD_ERROR = 'Failed to load announcements';

/** Admin portal, Announcements tab: the composer, then every announcement with its counts. */
export function AnnouncementsTab() {
  const [page, setPage] = useState(1);
  const list = useAnnouncements(page);
  const data = list.data;

  return (
    <section aria-labelledby="announcements-tab-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="announcements-tab-title" className="text-xl font-semibold text-slate-900">
          Announcements
        </h2>
        <p className="text-sm text-slate-600">
          E-mail a segment of applicants: confirmed hackers, people who have not answered, a waitlist, or any
          filter of the Applications or RSVP list.
        </p>
      </div>

      <AnnouncementComposer />

      <h3 className="text-lg font-semibold text-slate-900">Sent and Scheduled</h3>
      {list.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <AnnouncementsList
        rows={data?.announcements ?? []}
        loading={list.isPending}
        emptyMessage={list.isError ? LOAD_ERROR : undefined}
      />
      {data && data.pages > 1 ? (
        <Pagination page={page} pages={data.pages} onPageChange={setPage} label="Announcement pages" />
      ) : null}
    </section>
  );
}
