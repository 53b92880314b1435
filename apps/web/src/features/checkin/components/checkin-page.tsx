import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Menu, Plus, ScanLine } from 'lucide-react';
import { toast } from 'sonner';
import { alreadyCheckedInSchema, type CheckinRecord } from '@lanyard/shared/checkin';
import { formatBoundedTotal } from '@lanyard/shared/common';
import { SignOutButton } from '@/components/sign-out-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { IconButton } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useUser } from '@/api/get-me';
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
import { formatCheckedInAt, fullName, roleCountsLine } from '../lib/format';
import { AdminUtilities } from './admin-utilities';
import { CheckinFiltersCard, FiltersToggle } from './checkin-filters';
import { CheckinRecords } from './checkin-records';
import { CheckinStats } from './checkin-stats';
import { DoorSearch } from './door-search';
import { LiveIndicator } from './live-indicator';
import { RecordDetailDialog } from './record-detail-dialog';
import { RecordFormDialog, type RecordFormTarget } from './record-form-dialog';
import { ScanDialog } from './scan-dialog';
import { StationsAdmin } from './stations-admin';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';

export const LOAD_RECORDS_ERROR = 'Failed to load check-in records';
export const LOAD_STATS_ERROR = 'Failed to load check-in stats';
export const CHECKIN_UPDATE_ERROR = 'Failed to update check-in status';

/** "Already checked in by a@b at 2025-09-19T14:02:11.000Z." with the time in the desk's own zone. */
function localizeConflict(message: string): string {
  return message.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/, (iso) => formatCheckedInAt(iso) || iso);
}

type Viewing = { record: CheckinRecord; origin: 'list' | 'scan'; alreadyIn?: boolean };

/** One toast for the desk's latest check-in or undo: replaced by the next, gone once the next name is typed. */
const TOGGLE_TOAST = 'checkin-toggle';
const FILTERS_ID = 'checkin-filters';
const MENU_ID = 'checkin-actions';

/**
 * /checkin: the door. Search first (kept at the top), then the people as dense rows with
 * their Check In button; everything else is one line or folded away on a phone. Live across desks.
 */
export function CheckinPage() {
  usePageTitle('Check-In Portal');
  const { data: user } = useUser();
  const isAdmin = user?.role === 'admin';
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const params = readCheckinParams(searchParams);
  const filters = checkinFiltersOf(params);
  const stats = useCheckinStats();
  const list = useCheckinRecords(params);
  const live = useCheckinLiveUpdates();
  const toggle = useSetCheckedIn();
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [form, setForm] = useState<RecordFormTarget | null>(null);
  const [scanning, setScanning] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  /** This desk's latest check-in or undo, said under the search. */
  const [last, setLast] = useState<CheckinRecord | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

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

  /**
   * Check In or Undo. Checking in from the list with a name typed hands the search back empty and
   * focused for the next name (the focus moves at once, inside the tap, so a phone keeps its
   * keyboard up); a name already being typed by then is kept.
   */
  const onToggle = (record: CheckinRecord, from: 'list' | 'dialog' | 'last' = 'list') => {
    const search = searchRef.current;
    const typed = search?.value ?? '';
    const nextName = from === 'list' && !record.checked_in && typed.trim() !== '';
    if (nextName || from === 'last') search?.focus({ preventScroll: true });
    toggle.mutate(
      { id: record._id, checkedIn: !record.checked_in },
      {
        onSuccess: (updated) => {
          setViewing((v) =>
            v && v.record._id === updated._id ? { ...v, record: updated, alreadyIn: false } : v,
          );
          setLast(updated);
          toast.success(updated.checked_in ? 'Checked in' : 'Check-in undone', {
            id: TOGGLE_TOAST,
            description: fullName(updated),
          });
          if (nextName && search?.value === typed) changeFilters({ search: '' });
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
  const filterCount = activeCheckinFilterCount(filters);
  const filtered = filterCount > 0;
  const refreshing = list.isFetching || stats.isFetching;

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-3 px-4 py-3 sm:px-6 md:py-4">
      <header className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-center gap-3">
          <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl lg:text-3xl">
            Check-In Portal
          </h1>
          <LiveIndicator state={live} />
          <IconButton
            className="ml-auto size-11 md:hidden"
            label="Menu"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <Menu aria-hidden="true" />
          </IconButton>
        </div>
        {/* Folded behind Menu on a phone: the door is the search and the list. */}
        <div id={MENU_ID} className={cn('flex-wrap gap-2 md:flex md:gap-3', menuOpen ? 'flex' : 'hidden')}>
          <Button asChild variant="secondary">
            <Link to={paths.checkinScan}>
              <ScanLine aria-hidden="true" />
              Open scanner
            </Link>
          </Button>
          <Button variant="secondary" onClick={() => setForm({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            Create Entry
          </Button>
          {isAdmin ? (
            <Button asChild variant="secondary">
              <Link to={paths.admin}>
                <ArrowLeft aria-hidden="true" />
                Admin Portal
              </Link>
            </Button>
          ) : null}
          <SignOutButton to={paths.adminLogin} />
        </div>
      </header>

      <DoorSearch
        search={filters.search}
        onSearch={(search) => changeFilters({ search })}
        onTyping={() => toast.dismiss(TOGGLE_TOAST)}
        inputRef={searchRef}
        onScan={() => setScanning(true)}
        last={last}
        onUndo={() => last && onToggle(last, 'last')}
        undoPending={!!last && pendingId === last._id}
      />

      <CheckinStats stats={stats.data} loading={stats.isPending} />

      <section aria-labelledby="checkin-records-title" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <div className="flex items-center gap-3">
            <h2 id="checkin-records-title" className="text-lg font-semibold text-slate-900">
              Attendees
            </h2>
            <FiltersToggle
              controls={FILTERS_ID}
              open={filtersOpen}
              on={filterCount - (filters.search.trim() ? 1 : 0)}
              onToggle={() => setFiltersOpen((v) => !v)}
            />
          </div>
          <div className="flex flex-wrap items-baseline gap-x-3 text-sm text-slate-700">
            {filtered ? (
              <p aria-live="polite" className="hidden md:block">
                {filterCount === 1 ? '1 filter active' : `${filterCount} filters active`}
              </p>
            ) : null}
            <p aria-live="polite" data-testid="checkin-count">
              {data ? `Showing ${records.length} of ${formatBoundedTotal(data)}` : ''}
            </p>
          </div>
        </div>

        <CheckinFiltersCard
          id={FILTERS_ID}
          open={filtersOpen}
          filters={filters}
          active={filtered}
          onChange={changeFilters}
          onClear={clearFilters}
          refreshing={refreshing}
          onRefresh={() => void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY })}
          footer={stats.data ? <p className="text-sm text-slate-700">{roleCountsLine(stats.data)}</p> : null}
        />

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
          onToggle={(record) => onToggle(record, 'list')}
          onView={(record) => setViewing({ record, origin: 'list' })}
        />

        {pages > 1 ? (
          <Pagination
            page={params.page}
            pages={pages}
            morePages={data?.total_capped ?? false}
            onPageChange={(page) => changePage(page)}
            label="Check-in pages"
          />
        ) : null}
      </section>

      {isAdmin ? <StationsAdmin /> : null}

      <AdminUtilities isAdmin={isAdmin} />

      <RecordDetailDialog
        record={viewed?.record ?? null}
        origin={viewed?.origin}
        alreadyIn={viewed?.alreadyIn}
        pending={!!viewed && pendingId === viewed.record._id}
        onToggle={(record) => onToggle(record, 'dialog')}
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
