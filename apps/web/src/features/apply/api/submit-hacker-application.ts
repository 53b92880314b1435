import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { myApplicationSchema, type HackerAnswers, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

export type HackerSubmission = HackerAnswers & {
  resume_url: string;
  access_code?: string;
  /** Custom answers by question id, sent only when the role has custom questions. */
  custom?: Record<string, unknown>;
};

const submitResponseSchema = z.object({ application: myApplicationSchema });

/** POST /api/applications/hacker: the answers, the uploaded resume's file_url and, in late mode, the access code. */
export async function submitHackerApplication(body: HackerSubmission): Promise<MyApplication> {
  const { application } = await api.post('/api/applications/hacker', body, { schema: submitResponseSchema });
  return application;
}

export function useSubmitHackerApplication() {
  return useMutation({ mutationFn: submitHackerApplication });
}
