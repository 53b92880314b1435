import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useLogout } from '@/api/logout';

/** Ends the session and goes to `to` (applicants: the landing page; admins: the admin sign-in). */
export function SignOutButton({ to, size }: { to: string; size?: ButtonProps['size'] }) {
  const logout = useLogout(to);
  return (
    <Button
      variant="secondary"
      size={size}
      onClick={() =>
        logout.mutate(undefined, {
          onError: (err) => toast.error('Error', { description: errorMessage(err, 'Could not sign out.') }),
        })
      }
      disabled={logout.isPending}
    >
      {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      Sign Out
    </Button>
  );
}
