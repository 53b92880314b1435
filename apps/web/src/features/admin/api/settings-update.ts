import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSettingsSchema, type UpdateSettingsBody } from '@lanyard/shared/settings';
import { apiRequest } from '@/lib/api-client';
import { adminSettingsQueryOptions } from './settings-get';

/** PUT /api/settings with only the changed fields; answers with the new settings. */
export function updateSettings(body: UpdateSettingsBody) {
  return apiRequest('/api/settings', { method: 'PUT', body, schema: adminSettingsSchema });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(adminSettingsQueryOptions().queryKey, settings),
  });
}
