import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admissionsSchema, type UpdateCapacitySettingsBody } from '@lanyard/shared/capacity';
import { apiRequest } from '@/lib/api-client';
import { ADMISSIONS_QUERY_KEY } from './admissions-get';

/**
 * PUT /api/admin/admissions/settings with the parts that changed (a role's fields whole); answers
 * with the admissions as the new settings project them, or 400 naming the field that is wrong.
 */
export function updateCapacitySettings(body: UpdateCapacitySettingsBody) {
  return apiRequest('/api/admin/admissions/settings', { method: 'PUT', body, schema: admissionsSchema });
}

export function useUpdateCapacitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCapacitySettings,
    onSuccess: (admissions) => queryClient.setQueryData(ADMISSIONS_QUERY_KEY, admissions),
    // The answer is already the new projection, but the counts under it may have moved since (and a
    // refused save may mean another admin changed the settings): the Admissions card reads them again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMISSIONS_QUERY_KEY }),
  });
}
