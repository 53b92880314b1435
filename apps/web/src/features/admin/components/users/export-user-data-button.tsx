import { useState } from 'react';
import { FileArchive } from 'lucide-react';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { IconButton } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import { exportUserData } from '../../api/users-export-data';

/** Users tab: "Export data" for one account, when its owner asks the organisers for it. */
export function ExportUserDataButton({ userId, email }: { userId: string; email: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await exportUserData(userId);
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'Failed to export user data.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <IconButton
      className="size-9"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      label={`Export data of ${email}`}
    >
      {busy ? <Spinner /> : <FileArchive aria-hidden="true" />}
    </IconButton>
  );
}
