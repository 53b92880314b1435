import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importRsvpsResponseSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from './keys';

/**
 * POST /api/checkin/import-rsvps (admins only): puts the list in step with confirmed RSVPs again (it
 * keeps itself so; this repairs): records made, details copied again, leftovers removed.
 */
export function importRsvps() {
  return api.post('/api/checkin/import-rsvps', {}, { schema: importRsvpsResponseSchema });
}

export function useImportRsvps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRsvps,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
  });
}
