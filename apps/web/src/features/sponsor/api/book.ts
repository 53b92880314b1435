import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookFiltersSchema,
  bookProfileSchema,
  bookResponseSchema,
  resumeLinkSchema,
  sponsorMeSchema,
  starResponseSchema,
  type BookQuery,
  type SponsorZipBody,
} from '@lanyard/shared/sponsors';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';
import { api, apiRequest } from '@/lib/api-client';
import { bookSearchParams } from '../lib/book-query';

const KEY = ['sponsor'] as const;

export function useSponsorMe() {
  return useQuery({
    queryKey: [...KEY, 'me'],
    queryFn: ({ signal }) => api.get('/api/sponsor/me', { schema: sponsorMeSchema, signal }),
    retry: false,
  });
}

/** One page of the book; the previous page stays on screen while the next loads. */
export function useBook(query: BookQuery) {
  const qs = bookSearchParams(query).toString();
  return useQuery({
    queryKey: [...KEY, 'book', qs],
    queryFn: ({ signal }) => api.get(`/api/sponsor/book?${qs}`, { schema: bookResponseSchema, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBookFilters() {
  return useQuery({
    queryKey: [...KEY, 'filters'],
    queryFn: ({ signal }) => api.get('/api/sponsor/book/filters', { schema: bookFiltersSchema, signal }),
    retry: false,
  });
}

/** A person's profile with a fresh preview link: fetched at each opening (each is a recorded view). */
export function useBookProfile(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'profile', id],
    queryFn: ({ signal }) => api.get(`/api/sponsor/book/${id}`, { schema: bookProfileSchema, signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, starred }: { id: string; starred: boolean }) =>
      apiRequest(`/api/sponsor/stars/${id}`, {
        method: starred ? 'PUT' : 'DELETE',
        body: {},
        schema: starResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'book'] }),
  });
}

/** One resume: a short-lived signed link, opened as a download. */
export async function downloadResume(id: string): Promise<void> {
  const link = await api.post(`/api/sponsor/book/${id}/download`, {}, { schema: resumeLinkSchema });
  const a = document.createElement('a');
  a.href = link.url;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The zip of a selection or of the starred list, read with progress and saved. */
export function downloadZip(body: SponsorZipBody, onProgress?: (p: DownloadProgress) => void) {
  return downloadFile('/api/sponsor/book/zip', timestampedFileName('resume-book', 'zip'), {
    method: 'POST',
    body,
    onProgress,
  });
}
