import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outboxListResponseSchema } from '@lanyard/shared/email';
import { api } from '@/lib/api-client';
import { EMAIL_REFRESH_MS, emailsQuery, outboxBusy, type EmailListParams } from '../lib/email-filters';

/** Prefix of every outbox query: invalidate it after anything that may queue or retry e-mail. */
export const EMAILS_QUERY_KEY = ['admin', 'emails'] as const;

/** GET /api/admin/emails: one page of the outbox, the counts per status, whether SMTP is set. */
export function getEmails(params: EmailListParams, signal?: AbortSignal) {
  return api.get(`/api/admin/emails?${emailsQuery(params).toString()}`, {
    schema: outboxListResponseSchema,
    signal,
  });
}

export const emailsQueryOptions = (params: EmailListParams) =>
  queryOptions({
    queryKey: [...EMAILS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getEmails(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Every 10 s while anything is queued or being sent, so the counts show the e-mails going out.
    refetchInterval: (query) => (outboxBusy(query.state.data?.counts) ? EMAIL_REFRESH_MS : false),
  });

export function useEmails(params: EmailListParams) {
  return useQuery(emailsQueryOptions(params));
}
