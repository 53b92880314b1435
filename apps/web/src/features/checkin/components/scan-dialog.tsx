import { useCallback, useRef, useState } from 'react';
import { Camera, IdCard, RotateCcw } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useScanQr } from '../api/scan-qr';
import { NOT_OURS } from '../lib/camera';
import { useCodeReader } from '../lib/use-code-reader';
import { AlreadyCheckedIn } from './already-checked-in';

interface ScanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * A code of ours was read: the person's record. Someone already checked in is shown loudly here
   * first, and their record opens only when the desk asks for it.
   */
  onFound: (record: CheckinRecord) => void;
}

/** A code just refused is not sent again for this long while it stays in view. */
const SAME_CODE_PAUSE_MS = 3000;

/**
 * Scan mode: the rear camera's picture is drawn to a canvas and read with jsQR; a code is looked
 * up with POST /api/checkin/scan. The camera stops when the dialog closes.
 */
export function ScanDialog({ open, onOpenChange, onFound }: ScanDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="text-2xl">Scan QR Code</DialogTitle>
          <DialogDescription>Hold the attendee&apos;s check-in code up to the camera.</DialogDescription>
        </DialogHeader>
        {open ? <Scanner onFound={onFound} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Scanner({ onFound }: { onFound: (record: CheckinRecord) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [alreadyIn, setAlreadyIn] = useState<CheckinRecord | null>(null);
  const scan = useScanQr();
  const busy = useRef(false);
  const lastRefused = useRef<{ token: string; at: number } | null>(null);
  /** The code whose "Already checked in" is on screen: not looked up again while it stays in view. */
  const shownToken = useRef<string | null>(null);

  const lookUp = useCallback(
    (token: string) => {
      const last = lastRefused.current;
      if (busy.current || token === shownToken.current) return;
      if (last && last.token === token && Date.now() - last.at < SAME_CODE_PAUSE_MS) return;
      busy.current = true;
      setLookupError(null);
      scan.mutate(token, {
        onSuccess: (record) => {
          if (record.checked_in) {
            shownToken.current = token;
            setAlreadyIn(record);
          } else onFound(record);
        },
        onError: (err) => {
          lastRefused.current = { token, at: Date.now() };
          shownToken.current = null;
          setAlreadyIn(null);
          setLookupError(
            isApiError(err) && err.code === 'invalid_qr'
              ? NOT_OURS
              : errorMessage(err, 'Could not look up this code.'),
          );
        },
        onSettled: () => {
          busy.current = false;
        },
      });
    },
    [onFound, scan],
  );

  const { camera, retry } = useCodeReader(videoRef, lookUp, { everyRead: true });

  return (
    <div className="flex flex-col gap-4">
      {alreadyIn ? (
        <AlreadyCheckedIn record={alreadyIn}>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => onFound(alreadyIn)}
            className="w-full border-amber-600 sm:w-auto sm:self-start"
          >
            <IdCard aria-hidden="true" />
            View record
          </Button>
        </AlreadyCheckedIn>
      ) : null}

      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-900">
        <video ref={videoRef} muted playsInline aria-label="Camera view" className="size-full object-cover" />
        {camera.kind === 'running' ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[15%] rounded-2xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(15,23,42,0.35)]"
          />
        ) : null}
        {camera.kind === 'starting' ? (
          <div className="absolute inset-0 flex items-center justify-center gap-3 text-white">
            <Spinner className="size-6" />
            Starting the camera...
          </div>
        ) : null}
        {camera.kind === 'error' ? (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-white">
            <Camera aria-hidden="true" className="size-12 opacity-60" />
          </div>
        ) : null}
      </div>

      <p role="status" aria-live="polite" className="text-base font-medium text-slate-800">
        {scan.isPending
          ? 'Looking up the code...'
          : camera.kind === 'running'
            ? alreadyIn
              ? 'Looking for the next QR code...'
              : 'Looking for a QR code...'
            : camera.kind === 'starting'
              ? 'Starting the camera...'
              : ''}
      </p>

      {camera.kind === 'error' ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1 text-base">{camera.message}</AlertDescription>
          <Button variant="secondary" onClick={retry}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </Alert>
      ) : null}

      {lookupError ? (
        <Alert tone="error" role="alert">
          <AlertDescription className="mt-0 text-base font-semibold">{lookupError}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
