import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { scansWaiting } from '@/lib/auth/scanner-data';
import { useLogout } from '@/api/logout';

/** Ends the session and goes to `to` (applicants: the landing page; admins: the admin sign-in). */
export function SignOutButton({ to, size }: { to: string; size?: ButtonProps['size'] }) {
  const logout = useLogout(to);
  const [waiting, setWaiting] = useState(0);
  const signOut = () =>
    logout.mutate(undefined, {
      onError: (err) => toast.error('Error', { description: errorMessage(err, 'Could not sign out.') }),
    });
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => {
          // Offline station scans not yet on the server are deleted with the session: ask first.
          const n = scansWaiting();
          if (n > 0) setWaiting(n);
          else signOut();
        }}
        disabled={logout.isPending}
      >
        {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        Sign Out
      </Button>
      <Dialog open={waiting > 0} onOpenChange={(open) => (open ? undefined : setWaiting(0))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>
              {waiting === 1 ? '1 scan waiting' : `${waiting} scans waiting`}: sync before signing out
            </DialogTitle>
            <DialogDescription>
              This device scanned people while offline and the server does not have those scans yet. Open the
              scanner with the network on to send them. Signing out now deletes them.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setWaiting(0)} autoFocus>
              Keep me signed in
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setWaiting(0);
                signOut();
              }}
            >
              Sign out and delete them
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
