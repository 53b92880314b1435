import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailTemplatesResponseSchema, type EmailTemplateKey } from '@lanyard/shared/email';
import { apiRequest } from '@/lib/api-client';
import { EMAIL_TEMPLATES_QUERY_KEY } from './email-templates-get';

export interface UpdateEmailTemplateInput {
  template: EmailTemplateKey;
  subject: string;
  body: string;
}

/** PUT /api/settings/email-template; answers with every template. */
export function updateEmailTemplate(input: UpdateEmailTemplateInput) {
  return apiRequest('/api/settings/email-template', {
    method: 'PUT',
    body: input,
    schema: emailTemplatesResponseSchema,
  });
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: (templates) => queryClient.setQueryData(EMAIL_TEMPLATES_QUERY_KEY, templates),
  });
}
