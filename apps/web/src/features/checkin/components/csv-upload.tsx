import { useRef, useState } from 'react';
import { FileUp, Lock, LockOpen } from 'lucide-react';
import { toast } from 'sonner';
import { CHECKIN_CSV_COLUMNS } from '@lanyard/shared/checkin';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useUploadCheckinCsv } from '../api/upload-checkin-csv';
import { RestrictedAccessDialog } from './restricted-access-dialog';

const NO_FILE = 'Please select a CSV file to upload';

/** The check-in CSV import, unlocked by the upload password. */
export function CsvUpload() {
  // Kept in memory only for this page's life: never in the URL, storage or the bundle.
  const [password, setPassword] = useState<string | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [processed, setProcessed] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadCheckinCsv();

  const lock = () => {
    setPassword(null);
    setFile(null);
    setProcessed(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const send = () => {
    if (!password || !file) return;
    setProcessed(null);
    upload.mutate(
      { password, replaceExisting: replace, file },
      {
        onSuccess: ({ processed_count }) => {
          setConfirmReplace(false);
          setProcessed(processed_count);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          toast.success('Success', { description: `Processed ${processed_count} records` });
        },
        onError: (err) => {
          setConfirmReplace(false);
          if (isApiError(err) && err.status === 401) {
            // The password changed on the server meanwhile: ask again.
            lock();
            toast.error('Unauthorized', { description: 'Incorrect password' });
            return;
          }
          toast.error('Error', { description: errorMessage(err, 'Failed to upload CSV') });
        },
      },
    );
  };

  const onUpload = () => {
    if (!file) {
      toast.error('No file selected', { description: NO_FILE });
      return;
    }
    if (replace) setConfirmReplace(true);
    else send();
  };

  if (!password) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          Importing check-in data from a CSV file needs the upload password.
        </p>
        <div>
          <Button variant="secondary" onClick={() => setPromptOpen(true)}>
            <Lock aria-hidden="true" />
            Unlock CSV Upload
          </Button>
        </div>
        <RestrictedAccessDialog
          open={promptOpen}
          onOpenChange={setPromptOpen}
          onUnlocked={(pw) => {
            setPassword(pw);
            setPromptOpen(false);
            toast.success('Access granted', { description: 'CSV upload unlocked' });
          }}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-medium text-green-900">
          <LockOpen aria-hidden="true" className="size-4" />
          CSV upload unlocked
        </p>
        <Button variant="ghost" size="sm" onClick={lock}>
          <Lock aria-hidden="true" />
          Lock
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="checkin-csv-file">CSV file</Label>
        <Input
          ref={fileInput}
          id="checkin-csv-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby="checkin-csv-columns"
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-semibold"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setProcessed(null);
            if (chosen && !/\.csv$/i.test(chosen.name)) {
              toast.error('Error', { description: NO_FILE });
              e.target.value = '';
              setFile(null);
              return;
            }
            setFile(chosen);
          }}
        />
        <p id="checkin-csv-columns" className="text-xs break-words text-slate-600">
          Columns: {CHECKIN_CSV_COLUMNS.join(', ')} (and optionally role). Birth month may be a number or a
          month name.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox
          id="checkin-csv-replace"
          checked={replace}
          onCheckedChange={(v) => setReplace(v === true)}
        />
        <Label htmlFor="checkin-csv-replace">Replace existing data</Label>
      </div>
      <div>
        <Button onClick={onUpload} disabled={upload.isPending} aria-busy={upload.isPending}>
          {upload.isPending ? <Spinner className="size-4" /> : <FileUp aria-hidden="true" />}
          Upload CSV
        </Button>
      </div>
      {processed !== null ? (
        <Alert tone="success" role="status">
          <AlertDescription className="mt-0" data-testid="csv-processed">
            Processed {processed} {processed === 1 ? 'record' : 'records'}.
          </AlertDescription>
        </Alert>
      ) : null}
      <TypedConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title="Are you sure?"
        description="Replacing deletes every existing check-in record, including who is already checked in, and imports this file instead."
        actionLabel="Replace and Upload"
        destructive
        pending={upload.isPending}
        onConfirm={send}
      />
    </div>
  );
}
