import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { okSchema } from '@lanyard/shared/common';
import { api, isApiError } from '@/lib/api-client';
import { forgetScannerData } from '@/lib/auth/scanner-data';
import { clearSavedPass } from '@/lib/saved-pass';

export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', {}, { schema: okSchema });
  } catch (err) {
    // An already-expired session is as good as signed out.
    if (isApiError(err) && err.status === 401) return;
    throw err;
  }
}

/** Sign Out: end the server session, forget every cached answer, go to `to`. */
export function useLogout(to: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Leave the protected page first, then drop the cache, so no guard acts on a half-signed-out state.
      void navigate(to, { replace: true });
      queryClient.clear();
      // The station scanner's attendee snapshot must not outlive the session on a shared device.
      void forgetScannerData();
      // So is the applicant's saved pass (their door code).
      clearSavedPass();
    },
  });
}
