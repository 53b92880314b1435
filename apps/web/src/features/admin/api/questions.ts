import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lanyard/shared/common';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  adminCustomQuestionsSchema,
  customQuestionSchema,
  type CustomQuestionBody,
} from '@lanyard/shared/questions/custom';
import { publicSettingsQueryKey } from '@/api/get-public-settings';
import { api, apiRequest } from '@/lib/api-client';

export const QUESTIONS_QUERY_KEY = ['admin', 'questions'] as const;

/** GET /api/admin/questions: every custom question of both forms, hidden ones too, with answer counts. */
export const customQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: QUESTIONS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/admin/questions', { schema: adminCustomQuestionsSchema, signal }),
    staleTime: 0,
  });

export function useCustomQuestions() {
  return useQuery(customQuestionsQueryOptions());
}

/** After any change: the editor's list, and the forms' questions (the public settings) this browser holds. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: QUESTIONS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey }),
    ]);
}

export function useSaveQuestion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CustomQuestionBody }) =>
      id
        ? apiRequest(`/api/admin/questions/${id}`, { method: 'PUT', body, schema: customQuestionSchema })
        : apiRequest('/api/admin/questions', { method: 'POST', body, schema: customQuestionSchema }),
    onSettled: refresh,
  });
}

export function useDeleteQuestion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/questions/${id}`, { method: 'DELETE', body: {}, schema: okSchema }),
    onSettled: refresh,
  });
}

export function useReorderQuestions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { role: ApplicantRole; ids: string[] }) =>
      // Its answer is not read: the list is fetched again either way.
      apiRequest('/api/admin/questions/order', { method: 'PUT', body }),
    onSettled: refresh,
  });
}
