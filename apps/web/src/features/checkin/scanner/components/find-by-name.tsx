import { useState } from 'react';
import { CircleCheck, ScanLine, Search } from 'lucide-react';
import { type CheckinRecord } from '@lanyard/shared/checkin';
import { formatBoundedTotal } from '@lanyard/shared/common';
import type { Station } from '@lanyard/shared/stations';
import { Button } from '@/components/ui/button';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCheckinRecords } from '../../api/get-checkin-records';
import { EMPTY_CHECKIN_FILTERS } from '../../lib/filters';
import { fullName, goesBy } from '../../lib/format';

interface FindByNameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  station: Station;
  online: boolean;
  /** Scan this person at the station, as if their code had been read. */
  onPick: (record: CheckinRecord) => void;
  pendingId: string | null;
}

/**
 * For someone without their code: the desk's search (GET /api/checkin/records); a tap scans them at
 * this station by their record, with the same verdict a code would get.
 */
export function FindByName({ open, onOpenChange, station, online, onPick, pendingId }: FindByNameProps) {
  const [search, setSearch] = useState('');
  const atDesk = station.kind === 'checkin';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="text-2xl">Search by name</DialogTitle>
          <DialogDescription>
            {atDesk
              ? 'For someone without their code: find them and check them in.'
              : `For someone without their code: find them and scan them at ${station.name}.`}
          </DialogDescription>
        </DialogHeader>
        {online ? (
          <>
            <div className="relative">
              <Label htmlFor="scanner-search" className="sr-only">
                Name, email or school
              </Label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
              />
              <DebouncedInput
                id="scanner-search"
                type="search"
                placeholder="Name, email or school"
                autoComplete="off"
                spellCheck={false}
                className="h-12 pl-10 text-base"
                value={search}
                delayMs={200}
                onCommit={setSearch}
                maxLength={200}
                autoFocus
              />
            </div>
            {search.trim() ? (
              <Results search={search} atDesk={atDesk} onPick={onPick} pendingId={pendingId} />
            ) : null}
          </>
        ) : (
          <p role="status" className="rounded-lg bg-amber-100 p-3 font-medium text-amber-950">
            Search needs the network. Scanning codes still works offline.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Results({
  search,
  atDesk,
  onPick,
  pendingId,
}: {
  search: string;
  atDesk: boolean;
  onPick: (record: CheckinRecord) => void;
  pendingId: string | null;
}) {
  const list = useCheckinRecords({ ...EMPTY_CHECKIN_FILTERS, search, page: 1 });
  const records = list.data?.records ?? [];
  return (
    <div className="flex flex-col gap-2">
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {list.isPending
          ? 'Searching...'
          : list.isError
            ? 'The search failed. Try again.'
            : `${list.data ? formatBoundedTotal(list.data) : 0} found`}
      </p>
      <ul aria-label="Search results" className="flex max-h-[50vh] flex-col gap-2 overflow-y-auto">
        {records.slice(0, 20).map((record) => {
          const also = goesBy(record);
          return (
            <li
              key={record._id}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{fullName(record)}</p>
                <p className="text-sm text-slate-600">
                  {[also, record.school_name].filter(Boolean).join(' · ')}
                </p>
                {record.checked_in ? (
                  <p className="flex items-center gap-1 text-sm font-medium text-green-800">
                    <CircleCheck aria-hidden="true" className="size-4" /> Checked in
                  </p>
                ) : (
                  <p className="text-sm font-medium text-slate-700">Not checked in</p>
                )}
              </div>
              <Button
                className="shrink-0"
                onClick={() => onPick(record)}
                disabled={pendingId !== null}
                aria-busy={pendingId === record._id}
              >
                {pendingId === record._id ? <Spinner /> : <ScanLine aria-hidden="true" />}
                {atDesk ? 'Check in' : 'Scan'}
                <span className="sr-only"> {fullName(record)}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
