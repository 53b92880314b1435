import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailTemplatesResponseSchema, type EmailTemplateKey } from '@lanyard/shared/email';
import { api } from '@/lib/api-client';
import { EMAIL_TEMPLATES_QUERY_KEY } from './email-templates-get';

/** POST /api/settings/email-template/reset: the template goes back to the text Lanyard ships. */
export function resetEmailTemplate(template: EmailTemplateKey) {
  return api.post(
    '/api/settings/email-template/reset',
    { template },
    { schema: emailTemplatesResponseSchema },
  );
}

export function useResetEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetEmailTemplate,
    onSuccess: (templates) => queryClient.setQueryData(EMAIL_TEMPLATES_QUERY_KEY, templates),
  });
}
