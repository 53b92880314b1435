import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailTemplatesResponseSchema } from '@lanyard/shared/email';
import { api } from '@/lib/api-client';

export const EMAIL_TEMPLATES_QUERY_KEY = ['admin', 'email-templates'] as const;

/** GET /api/settings/email-templates: every template (current text, is_default) and the placeholders. */
export function getEmailTemplates(signal?: AbortSignal) {
  return api.get('/api/settings/email-templates', { schema: emailTemplatesResponseSchema, signal });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: EMAIL_TEMPLATES_QUERY_KEY,
    queryFn: ({ signal }) => getEmailTemplates(signal),
    staleTime: 0,
  });

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
