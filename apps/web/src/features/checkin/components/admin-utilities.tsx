import { useId, useState } from 'react';
import { ChevronDown, DatabaseZap } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useImportRsvps } from '../api/import-rsvps';
import { CsvUpload } from './csv-upload';
import { PrintBadges } from './print-badges';

/**
 * Collapsed by default: the door rarely needs it. Print Badges and Import from RSVPs are for admins
 * only; the import is only a repair now: confirmed attendees join the list by themselves (decision 014).
 */
export function AdminUtilities({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const importRsvps = useImportRsvps();

  const runImport = () =>
    importRsvps.mutate(undefined, {
      onSuccess: ({ created, updated, removed }) =>
        toast.success('Imported from RSVPs', {
          description: `${created} created, ${updated} updated, ${removed} removed`,
        }),
      onError: (err) =>
        toast.error('Error', { description: errorMessage(err, 'Failed to import from RSVPs') }),
    });

  return (
    <Card aria-labelledby={`${panelId}-title`} className="p-0">
      <h2 id={`${panelId}-title`} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl px-5 text-left text-slate-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink"
        >
          Admin Utilities
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="flex flex-col gap-6 border-t border-slate-200 p-5">
        {/* Kept mounted while collapsed, so an unlocked upload stays unlocked. */}
        <>
          {isAdmin ? <PrintBadges /> : null}
          {isAdmin ? (
            <section aria-labelledby={`${panelId}-rsvp`} className="flex flex-col gap-3">
              <h3 id={`${panelId}-rsvp`} className="font-semibold text-slate-900">
                Import from RSVPs
              </h3>
              <p className="text-sm text-slate-700">
                Not needed before the doors open: everyone who confirms attendance is on the list at once, and
                leaves it if they decline or their decision changes (unless already checked in).
              </p>
              <p className="text-sm text-slate-700">
                Use it only to repair the list: it adds anyone missing, copies names and details from the
                applications again (over edits made here) and removes people no longer attending. Check-ins
                and records from CSV files or + Create Entry are kept.
              </p>
              <div>
                <Button
                  variant="secondary"
                  onClick={runImport}
                  disabled={importRsvps.isPending}
                  aria-busy={importRsvps.isPending}
                >
                  {importRsvps.isPending ? (
                    <Spinner className="size-4" />
                  ) : (
                    <DatabaseZap aria-hidden="true" />
                  )}
                  Import from RSVPs
                </Button>
              </div>
            </section>
          ) : null}
          <section aria-labelledby={`${panelId}-csv`} className="flex flex-col gap-3">
            <h3 id={`${panelId}-csv`} className="font-semibold text-slate-900">
              CSV Upload
            </h3>
            <p className="text-sm text-slate-700">
              For people who did not apply through the portal, such as judges, sponsors and guests. Confirmed
              attendees are already on the list: a spreadsheet of them would list them twice.
            </p>
            <CsvUpload />
          </section>
        </>
      </div>
    </Card>
  );
}
