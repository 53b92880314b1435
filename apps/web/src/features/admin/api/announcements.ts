import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  announcementPreviewSchema,
  announcementSchema,
  announcementsResponseSchema,
  announcementTestResponseSchema,
  receivedAnnouncementsSchema,
  type CreateAnnouncementBody,
  type SegmentInput,
} from '@lanyard/shared/announcements';
import { api } from '@/lib/api-client';
import { EMAILS_QUERY_KEY } from './emails-list';

/** Announcements to a segment (docs/api-admin.md, "Announcements"). */
export const ANNOUNCEMENTS_QUERY_KEY = ['admin', 'announcements'] as const;

export function useAnnouncements(page: number) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_QUERY_KEY, 'list', page],
    queryFn: ({ signal }) =>
      api.get(`/api/admin/announcements?page=${page}`, { schema: announcementsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    // Delivered and failed counts move while the outbox sends.
    refetchInterval: 10_000,
  });
}

export interface AnnouncementDraftInput {
  subject: string;
  body: string;
  segment: SegmentInput;
}

/** A read, though it is a POST: cached per draft and recipient, the previous kept while the next loads. */
export const announcementPreviewQueryOptions = (input: AnnouncementDraftInput & { index: number }) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_QUERY_KEY, 'preview', input],
    queryFn: ({ signal }) =>
      api.post('/api/admin/announcements/preview', input, { schema: announcementPreviewSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

export function useAnnouncementPreview(input: AnnouncementDraftInput & { index: number }, enabled: boolean) {
  return useQuery({ ...announcementPreviewQueryOptions(input), enabled });
}

export function useSendTestAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementDraftInput & { index: number }) =>
      api.post('/api/admin/announcements/test', input, { schema: announcementTestResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAILS_QUERY_KEY }),
  });
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAnnouncementBody) =>
      api.post('/api/admin/announcements', input, { schema: announcementSchema }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: EMAILS_QUERY_KEY });
    },
  });
}

export function useCancelAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(
        `/api/admin/announcements/${encodeURIComponent(id)}/cancel`,
        {},
        { schema: announcementSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY }),
  });
}

/** The announcements one application's applicant was sent (the detail dialog's history). */
export function useReceivedAnnouncements(applicationId: string | null) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_QUERY_KEY, 'received', applicationId],
    queryFn: ({ signal }) =>
      api.get(`/api/admin/announcements/received/${encodeURIComponent(applicationId ?? '')}`, {
        schema: receivedAnnouncementsSchema,
        signal,
      }),
    enabled: applicationId !== null,
  });
}
