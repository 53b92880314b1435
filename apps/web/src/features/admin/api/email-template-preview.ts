import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { EmailTemplateKey } from '@lanyard/shared/email';
import { api } from '@/lib/api-client';

export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

export interface EmailPreviewInput {
  template: EmailTemplateKey;
  subject: string;
  body: string;
}

/** POST /api/settings/email-template/preview: the text as sent, with sample values filled in. */
export function previewEmailTemplate(input: EmailPreviewInput, signal?: AbortSignal) {
  return api.post('/api/settings/email-template/preview', input, { schema: emailPreviewSchema, signal });
}

/** A read, though it is a POST: cached per text, the previous preview kept while the next one loads. */
export const emailPreviewQueryOptions = (input: EmailPreviewInput) =>
  queryOptions({
    queryKey: ['admin', 'email-template-preview', input],
    queryFn: ({ signal }) => previewEmailTemplate(input, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

export function useEmailPreview(input: EmailPreviewInput) {
  return useQuery(emailPreviewQueryOptions(input));
}
