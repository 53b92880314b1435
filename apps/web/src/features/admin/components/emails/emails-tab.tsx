import { useEffect } from 'react';
import { MailWarning, RefreshCw, Search } from 'lucide-react';
import { toast } from 'sonner';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useEmails } from '../../api/emails-list';
import { useRetryEmail } from '../../api/emails-retry';
import {
  activeEmailFilterCount,
  EMAIL_KINDS,
  EMAIL_STATUS_LABELS,
  EMAIL_STATUSES,
  emailKindLabel,
  emailPages,
  EMPTY_EMAIL_FILTERS,
  outboxBusy,
  readEmailParams,
  statusCounts,
  writeEmailParams,
  type EmailFilters,
  type EmailKind,
  type EmailStatus,
} from '../../lib/email-filters';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { EmailsTable, type OutboxRow } from './emails-table';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import { FiltersCardHeader } from '../filters-card-header';

export const LOAD_EMAILS_ERROR = 'Failed to load e-mails.';
export const SMTP_NOT_CONFIGURED =
  'SMTP is not configured: e-mails cannot be delivered until it is (set SMTP_URL). They wait in the outbox and go out once it is set.';
/** The server never stores these links (docs/decisions/007), so there is nothing to show or copy. */
export const LINKS_NOT_SHOWN =
  'Verification and password reset links are not shown here: each is made only when its e-mail is sent, so applicants cannot verify their address or reset their password until e-mail works.';

const STATUS_OPTIONS = EMAIL_STATUSES.map((value) => ({ value, label: EMAIL_STATUS_LABELS[value] }));

const COUNT_ACCENTS: Record<EmailStatus, string> = {
  queued: 'border-l-yellow-500',
  sending: 'border-l-blue-600',
  sent: 'border-l-green-600',
  failed: 'border-l-red-600',
};

/** Admin portal, E-mails view: the outbox, so organisers can see what went out and retry what failed. */
export function EmailsTab() {
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const params = readEmailParams(searchParams);
  const list = useEmails(params);
  const retry = useRetryEmail();

  useEffect(() => {
    if (list.isError) toast.error('Error', { description: LOAD_EMAILS_ERROR });
  }, [list.isError]);

  const changeFilters = (patch: Partial<EmailFilters>) =>
    setSearchParams((prev) => writeEmailParams(prev, { ...readEmailParams(prev), ...patch, page: 1 }), {
      replace: true,
    });
  const clearFilters = () =>
    setSearchParams((prev) => writeEmailParams(prev, { ...EMPTY_EMAIL_FILTERS, page: 1 }), {
      replace: true,
    });
  const changePage = (page: number, replace = false) =>
    setSearchParams((prev) => writeEmailParams(prev, { ...readEmailParams(prev), page }), { replace });

  const data = list.data;
  const rows = data?.emails ?? [];
  const total = data?.total ?? 0;
  const pages = emailPages(total);
  const counts = statusCounts(data?.counts);
  const filterCount = activeEmailFilterCount(params);
  const busy = outboxBusy(data?.counts);

  useEffect(() => {
    if (data && params.page > pages) changePage(pages, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, params.page, pages]);

  const onRetry = (row: OutboxRow) =>
    retry.mutate(row._id, {
      onSuccess: () =>
        toast.success('Success', { description: 'The e-mail is queued again and will be sent shortly.' }),
      onError: (err) =>
        toast.error('Error', {
          description:
            isApiError(err) && err.code === 'not_failed'
              ? 'Only failed e-mails can be retried.'
              : 'Failed to retry the e-mail.',
        }),
    });

  return (
    <section aria-labelledby="emails-tab-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="emails-tab-title" className="text-xl font-semibold text-slate-900">
            E-mails
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="emails-count">
            {data ? `Showing ${rows.length} of ${total} e-mails` : list.isError ? '' : 'Loading e-mails...'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {busy ? (
            <p className="text-xs text-slate-600">
              Refreshing every 10 seconds while e-mails are on their way.
            </p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={list.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}
            />
            Refresh
          </Button>
        </div>
      </div>

      {data && !data.smtp_configured ? (
        <Alert tone="warning" role="status" aria-labelledby="emails-smtp-title">
          <MailWarning aria-hidden="true" />
          <div>
            <AlertTitle id="emails-smtp-title">E-mails cannot be delivered</AlertTitle>
            <AlertDescription>
              <p>{SMTP_NOT_CONFIGURED}</p>
              <p className="mt-1">{LINKS_NOT_SHOWN}</p>
            </AlertDescription>
          </div>
        </Alert>
      ) : null}

      <Card aria-labelledby="emails-counts-title" className="flex flex-col gap-3 p-4 sm:p-5">
        <h3 id="emails-counts-title" className="text-base font-semibold text-slate-900">
          Outbox
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={list.isPending || undefined}>
          {EMAIL_STATUSES.map((status) => (
            <div
              key={status}
              data-testid={`email-count-${status}`}
              className={cn(
                'flex flex-col gap-1 rounded-lg border border-l-4 border-slate-200 px-3 py-2',
                COUNT_ACCENTS[status],
              )}
            >
              <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">
                {EMAIL_STATUS_LABELS[status]}
              </dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums">
                {data ? counts[status].toLocaleString('en-US') : '—'}
              </dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card aria-labelledby="emails-filters-title" className="flex flex-col gap-4 p-4 sm:p-5">
        <FiltersCardHeader id="emails-filters-title" count={filterCount} onClear={clearFilters} />
        <div className="grid gap-4 md:grid-cols-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor="emails-search">Search by recipient</Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              />
              <DebouncedInput
                id="emails-search"
                type="search"
                placeholder="name@example.com"
                autoComplete="off"
                className="pl-9"
                value={params.search}
                delayMs={USER_SEARCH_DEBOUNCE_MS}
                onCommit={(search) => changeFilters({ search })}
                maxLength={200}
              />
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="emails-kind">Kind</Label>
            <NativeSelect
              id="emails-kind"
              value={params.kind ?? ''}
              onChange={(event) => changeFilters({ kind: (event.target.value || null) as EmailKind | null })}
            >
              <option value="">All kinds</option>
              {EMAIL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {emailKindLabel(kind)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <FilterChips
            legend="Status"
            options={STATUS_OPTIONS}
            value={params.status ? [params.status] : []}
            // One status at a time: the newly pressed chip replaces the other; pressing it again clears it.
            onChange={(next) =>
              changeFilters({
                status: (next.find((s) => s !== params.status) ?? null) as EmailStatus | null,
              })
            }
          />
        </div>
      </Card>

      {list.isError && !data ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_EMAILS_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <EmailsTable
        rows={rows}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        retrying={retry.isPending ? (retry.variables ?? null) : null}
        onRetry={onRetry}
        emptyMessage={list.isError ? LOAD_EMAILS_ERROR : undefined}
      />

      {pages > 1 ? (
        <Pagination
          page={params.page}
          pages={pages}
          onPageChange={(page) => changePage(page)}
          label="E-mail pages"
        />
      ) : null}
    </section>
  );
}
