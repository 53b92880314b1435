import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { PublicUser } from '@lanyard/shared/auth';
import { meQueryKey } from '@/api/get-me';
import { takeRedirectAfterLogin } from '@/lib/auth/redirect-after-login';

interface CompleteSignInOptions {
  /** Where to go when no saved redirect applies. */
  fallback: (user: PublicUser) => string;
  /** Whether a saved redirectAfterLogin suits this user (it is cleared either way). */
  accept?: (path: string, user: PublicUser) => boolean;
  /** Applicants move on after about 100 ms. */
  delayMs?: number;
}

/**
 * After a sign-in or registration: remember the user, then go to the page they asked for before
 * signing in (clearing it), else `fallback`, replacing the history entry.
 * `isCompleting` lets the page hold back its own "already signed in" redirect meanwhile.
 */
export function useCompleteSignIn({ fallback, accept, delayMs = 0 }: CompleteSignInOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isCompleting, setIsCompleting] = useState(false);

  const completeSignIn = useCallback(
    (user: PublicUser) => {
      setIsCompleting(true);
      // Earlier complaints (a mismatch, a failed attempt) no longer apply.
      toast.dismiss();
      const target = takeRedirectAfterLogin((path) => (accept ? accept(path, user) : true)) ?? fallback(user);
      const go = () => {
        queryClient.setQueryData(meQueryKey, user);
        void navigate(target, { replace: true });
      };
      if (delayMs > 0) window.setTimeout(go, delayMs);
      else go();
    },
    [accept, delayMs, fallback, navigate, queryClient],
  );

  return { completeSignIn, isCompleting };
}

export { homeFor } from '../landing/home';
