import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, ScanLine, UserCheck, Users, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { alreadyCheckedInSchema, type CheckinRecord } from '@lanyard/shared/checkin';
import { SignOutButton } from '@/components/sign-out-button';
import { StatCard } from '@/components/stat-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { useCheckinLiveUpdates } from '../api/checkin-events';
import { useCheckinRecords } from '../api/get-checkin-records';
import { useCheckinStats } from '../api/get-checkin-stats';
import { CHECKIN_QUERY_KEY } from '../api/keys';
import { useSetCheckedIn } from '../api/set-checked-in';
import {
  activeCheckinFilterCount,
  checkinFiltersOf,
  EMPTY_CHECKIN_FILTERS,
  readCheckinParams,
  writeCheckinParams,
  type CheckinFilters,
} from '../lib/filters';
import { formatCheckedInAt, roleCountsLine } from '../lib/format';
import { AdminUtilities } from './admin-utilities';
import { CheckinFiltersCard } from './checkin-filters';
import { CheckinRecords } from './checkin-records';
import { LiveIndicator } from './live-indicator';
import { RecordDetailDialog } from './record-detail-dialog';
import { RecordFormDialog, type RecordFormTarget } from './record-form-dialog';
import { ScanDialog } from './scan-dialog';

export const LOAD_RECORDS_ERROR = 'Failed to load check-in records';
export const LOAD_STATS_ERROR = 'Failed to load check-in stats';
export const CHECKIN_UPDATE_ERROR = 'Failed to update check-in status';

/** "Already checked in by a@b at 2025-09-19T14:02:11.000Z." with the time in the desk's own zone. */
function localizeConflict(message: string): string {
  return message.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/, (iso) => formatCheckedInAt(iso) || iso);
}

type Viewing = { record: CheckinRecord; origin: 'list' | 'scan'; alreadyIn?: boolean };

/** /checkin (spec §2): the door. Big targets, readable at arm's length, live across desks. */
export function CheckinPage() {
  usePageTitle('Check-In Portal');
  const { data: user } = useUser();
  const isAdmin = user?.role === 'admin';
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCheckinParams(searchParams);
  const filters = checkinFiltersOf(params);
  const stats = useCheckinStats();
  const hackers = stats.data?.by_role.find((r) => r.role === 'hacker');
  const list = useCheckinRecords(params);
  const live = useCheckinLiveUpdates();
  const toggle = useSetCheckedIn();
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [form, setForm] = useState<RecordFormTarget | null>(null);
  const [scanning, setScanning] = useState(false);

  useEffect(() => {
    if (list.isError) toast.error('Error', { id: 'checkin-load', description: LOAD_RECORDS_ERROR });
  }, [list.isError]);
  useEffect(() => {
    if (stats.isError) toast.error('Error', { id: 'checkin-stats', description: LOAD_STATS_ERROR });
  }, [stats.isError]);

  const changeFilters = (patch: Partial<CheckinFilters>) =>
    setSearchParams((prev) => writeCheckinParams(prev, { ...readCheckinParams(prev), ...patch, page: 1 }), {
      replace: true,
    });
  const clearFilters = () =>
    setSearchParams((prev) => writeCheckinParams(prev, { ...EMPTY_CHECKIN_FILTERS, page: 1 }), {
      replace: true,
    });
  const changePage = useCallback(
    (page: number, replace = false) =>
      setSearchParams((prev) => writeCheckinParams(prev, { ...readCheckinParams(prev), page }), { replace }),
    [setSearchParams],
  );

  const data = list.data;
  const records = data?.records ?? [];
  const pages = data?.pages ?? 1;

  // A page past the end (a narrower filter, a CSV replace elsewhere) shows the last page instead.
  useEffect(() => {
    if (data && params.page > data.pages) changePage(data.pages, true);
  }, [data, params.page, changePage]);

  // The open record follows the list as it refreshes (another desk may change it).
  const viewed = viewing
    ? { ...viewing, record: records.find((r) => r._id === viewing.record._id) ?? viewing.record }
    : null;
  const viewedFresh = viewed?.record;
  useEffect(() => {
    if (
      viewing &&
      viewedFresh &&
      viewedFresh !== viewing.record &&
      viewedFresh.updated_at !== viewing.record.updated_at
    ) {
      setViewing({ ...viewing, record: viewedFresh });
    }
  }, [viewing, viewedFresh]);

  const onToggle = (record: CheckinRecord) => {
    toggle.mutate(
      { id: record._id, checkedIn: !record.checked_in },
      {
        onSuccess: (updated) => {
          setViewing((v) =>
            v && v.record._id === updated._id ? { ...v, record: updated, alreadyIn: false } : v,
          );
          toast.success(updated.checked_in ? 'Checked in' : 'Check-in undone', {
            description: `${updated.firstName} ${updated.lastName}`,
          });
        },
        onError: (err) => {
          // Someone else checked them in first: their record opens, headed loudly by who and when.
          const already = isApiError(err) ? alreadyCheckedInSchema.safeParse(err.body) : undefined;
          if (already?.success) {
            const { record: fresh } = already.data;
            setViewing((v) => ({ record: fresh, origin: v?.origin ?? 'list', alreadyIn: true }));
          } else if (isApiError(err) && err.status === 409) toast.error(localizeConflict(err.message));
          else toast.error('Error', { description: CHECKIN_UPDATE_ERROR });
        },
      },
    );
  };

  const pendingId = toggle.isPending ? toggle.variables?.id : undefined;
  const filtered = activeCheckinFilterCount(filters) > 0;
  const refreshing = list.isFetching || stats.isFetching;

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Check-In Portal</h1>
          <LiveIndicator state={live} />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
          <Button size="lg" onClick={() => setScanning(true)} className="col-span-2 sm:col-span-1">
            <ScanLine aria-hidden="true" />
            Scan
          </Button>
          <Button
            size="lg"
            variant="secondary"
            onClick={() => setForm({ mode: 'create' })}
            className="col-span-2 sm:col-span-1"
          >
            <Plus aria-hidden="true" />
            Create Entry
          </Button>
          {isAdmin ? (
            <Button asChild variant="secondary" size="lg">
              <Link to={paths.admin}>
                <ArrowLeft aria-hidden="true" />
                Admin Portal
              </Link>
            </Button>
          ) : null}
          <SignOutButton to={paths.adminLogin} size="lg" />
        </div>
      </header>

      <section aria-label="Check-in statistics" className="flex flex-col gap-2">
        {/* The spec's cards, counting hackers only; every role (and everyone) on the line below. */}
        <div className="grid grid-cols-3 gap-2 sm:gap-4">
          <StatCard label="Total Hackers" value={hackers?.total} icon={Users} loading={stats.isPending} />
          <StatCard
            label="Checked In"
            value={hackers?.checked_in}
            icon={UserCheck}
            loading={stats.isPending}
          />
          <StatCard
            label="Not Checked In"
            value={hackers ? hackers.total - hackers.checked_in : undefined}
            icon={UserX}
            loading={stats.isPending}
          />
        </div>
        {stats.data ? (
          <p className="text-sm text-slate-700" data-testid="checkin-role-counts">
            {roleCountsLine(stats.data)}
          </p>
        ) : null}
      </section>

      <CheckinFiltersCard
        filters={filters}
        onChange={changeFilters}
        onClear={clearFilters}
        refreshing={refreshing}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY })}
      />

      <section aria-labelledby="checkin-records-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="checkin-records-title" className="text-xl font-semibold text-slate-900">
            Attendees
          </h2>
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="checkin-count">
            {data ? `Showing ${records.length} of ${data.total}` : ''}
          </p>
        </div>

        {list.isError && !data ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_RECORDS_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}

        <CheckinRecords
          records={records}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          emptyMessage={
            list.isError
              ? LOAD_RECORDS_ERROR
              : filtered
                ? 'No records match these filters.'
                : 'No check-in records yet. Everyone who confirms attendance appears here as soon as they RSVP; add anyone else with + Create Entry or a CSV file.'
          }
          pendingId={pendingId}
          onToggle={onToggle}
          onView={(record) => setViewing({ record, origin: 'list' })}
        />

        {pages > 1 ? (
          <Pagination
            page={params.page}
            pages={pages}
            onPageChange={(page) => changePage(page)}
            label="Check-in pages"
          />
        ) : null}
      </section>

      <AdminUtilities isAdmin={isAdmin} />

      <RecordDetailDialog
        record={viewed?.record ?? null}
        origin={viewed?.origin}
        alreadyIn={viewed?.alreadyIn}
        pending={!!viewed && pendingId === viewed.record._id}
        onToggle={onToggle}
        onEdit={(record) => {
          setViewing(null);
          setForm({ mode: 'edit', record });
        }}
        onClose={() => setViewing(null)}
        onScanNext={() => {
          setViewing(null);
          setScanning(true);
        }}
      />
      <RecordFormDialog
        target={form}
        onClose={() => {
          // Cancelling an edit goes back to the record it came from.
          if (form?.mode === 'edit') setViewing({ record: form.record, origin: 'list' });
          setForm(null);
        }}
        onSaved={(record) => {
          setForm(null);
          setViewing({ record, origin: 'list' });
        }}
      />
      <ScanDialog
        open={scanning}
        onOpenChange={setScanning}
        onFound={(record) => {
          setScanning(false);
          setViewing({ record, origin: 'scan' });
        }}
      />
    </main>
  );
}
