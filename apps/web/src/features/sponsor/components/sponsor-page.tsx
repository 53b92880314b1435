import { useState } from 'react';
import { Download, Star } from 'lucide-react';
import { toast } from 'sonner';
import {
  SPONSOR_WINDOW_CLOSED,
  SPONSOR_ZIP_MAX,
  type BookEntry,
  type BookQuery,
} from '@lanyard/shared/sponsors';
import { SignOutButton } from '@/components/sign-out-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { progressPercent, type DownloadProgress } from '@/components/ui/download';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import { downloadZip, useBook, useBookFilters, useSponsorMe, useStar } from '../api/book';
import { bookQueryFrom, bookSearchParams } from '../lib/book-query';
import { BookFilterBar } from './book-filters';
import { BookList } from './book-list';
import { ProfileDialog } from './profile-dialog';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /sponsor: the resume book. Filters in the URL; the selection and the starred list download as zips. */
export function SponsorPage() {
  usePageTitle('Resume Book');
  const [params, setParams] = useSearchParamsLatest();
  const query = bookQueryFrom(params);
  const me = useSponsorMe();
  const book = useBook(query);
  const filters = useBookFilters();
  const star = useStar();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [zipping, setZipping] = useState<DownloadProgress | null>(null);

  // From the latest URL written, not this render's: a debounced search and a quick filter change
  // must not undo each other.
  const update = (patch: Partial<BookQuery>) =>
    setParams((prev) => bookSearchParams({ ...bookQueryFrom(prev), ...patch, page: patch.page ?? 1 }), {
      replace: !('page' in patch),
    });

  const closed = [me.error, book.error].some((e) => isApiError(e) && e.code === SPONSOR_WINDOW_CLOSED);

  const zip = async (body: { application_ids: string[] } | { starred: true }) => {
    setZipping({ loaded: 0, total: null });
    try {
      await downloadZip(body, setZipping);
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'Could not download the resumes.') });
    } finally {
      setZipping(null);
    }
  };

  const toggleStar = (entry: BookEntry) =>
    star.mutate(
      { id: entry.id, starred: !entry.starred },
      {
        onError: (err) =>
          toast.error('Error', { description: errorMessage(err, 'Could not change the star.') }),
      },
    );

  const percent = zipping ? progressPercent(zipping) : null;
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-6 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Resume Book</h1>
          {me.data ? (
            <p className="text-sm text-slate-700">
              {me.data.company} · access until {dateTime(me.data.access_until)}
            </p>
          ) : null}
        </div>
        <SignOutButton to={paths.adminLogin} size="sm" />
      </header>

      {closed ? (
        <Alert tone="warning">
          <AlertDescription>
            Your access to the resume book is not open now. Please contact the organisers if you need it
            again.
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Attendees who agreed to share their resume with sponsors. Please use it only to contact them about
            jobs and internships.
          </p>
          <BookFilterBar
            query={query}
            filters={filters.data}
            onChange={update}
            onClear={() => setParams(() => new URLSearchParams(), { replace: true })}
          />
          <div className="flex flex-wrap items-center gap-2" aria-live="polite">
            <Button
              disabled={selected.size === 0 || selected.size > SPONSOR_ZIP_MAX || zipping !== null}
              onClick={() => void zip({ application_ids: [...selected] })}
            >
              <Download aria-hidden="true" />
              Download selected ({selected.size})
            </Button>
            <Button
              variant="secondary"
              disabled={zipping !== null}
              onClick={() => void zip({ starred: true })}
            >
              <Star aria-hidden="true" />
              Download starred
            </Button>
            {selected.size > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            ) : null}
            {zipping ? (
              <span className="inline-flex items-center gap-2 text-sm text-slate-700">
                <Spinner className="size-4" />
                Preparing zip{percent !== null ? ` ${percent}%` : '…'}
              </span>
            ) : null}
          </div>

          {book.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : book.isError ? (
            <Alert tone="error">
              <AlertDescription>
                {errorMessage(book.error, 'Failed to load the resume book.')}
              </AlertDescription>
            </Alert>
          ) : book.data.entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              {query.starred ? 'You have not starred anyone who matches.' : 'No one matches these filters.'}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {book.data.total} {book.data.total === 1 ? 'person' : 'people'}
              </p>
              <BookList
                entries={book.data.entries}
                selected={selected}
                onToggleSelect={(id) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    if (!next.delete(id)) next.add(id);
                    return next;
                  })
                }
                onToggleAll={(all) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    for (const e of book.data.entries) {
                      if (all) next.add(e.id);
                      else next.delete(e.id);
                    }
                    return next;
                  })
                }
                onStar={toggleStar}
                onOpen={(entry) => setOpenId(entry.id)}
              />
              <Pagination
                page={book.data.page}
                pages={book.data.pages}
                onPageChange={(page) => update({ page })}
                label="Resume book pages"
              />
            </>
          )}
        </>
      )}
      <ProfileDialog id={openId} onClose={() => setOpenId(null)} />
    </main>
  );
}
