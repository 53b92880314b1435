import { useCallback, useEffect, useRef, useState } from 'react';
import { Camera, IdCard, RotateCcw } from 'lucide-react';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useScanQr } from '../api/scan-qr';
import { cameraErrorMessage, NOT_OURS } from '../lib/camera';
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

/** How often a frame is decoded; the camera keeps running in between. */
const DECODE_EVERY_MS = 150;
/** A code just refused is not sent again for this long while it stays in view. */
const SAME_CODE_PAUSE_MS = 3000;
/** Frames are scaled down to this width before decoding (plenty for a code held up to the camera). */
const MAX_DECODE_WIDTH = 640;

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

type CameraState = { kind: 'starting' } | { kind: 'running' } | { kind: 'error'; message: string };

function Scanner({ onFound }: { onFound: (record: CheckinRecord) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
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

  // The latest lookUp without restarting the camera when it changes.
  const lookUpRef = useRef(lookUp);
  useEffect(() => {
    lookUpRef.current = lookUp;
  }, [lookUp]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const video = videoRef.current;
    setCamera({ kind: 'starting' });

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({ kind: 'error', message: cameraErrorMessage(new DOMException('', 'NotSupportedError')) });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (err) {
        if (!stopped) setCamera({ kind: 'error', message: cameraErrorMessage(err) });
        return;
      }
      if (stopped || !video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // Autoplay refusals do not matter: frames are still decoded once data arrives.
      }
      // The decoder loads only when someone actually scans.
      const { default: jsQR } = await import('jsqr');
      if (stopped) return;
      setCamera({ kind: 'running' });
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      const tick = () => {
        if (stopped) return;
        if (ctx && video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
          const scale = Math.min(1, MAX_DECODE_WIDTH / video.videoWidth);
          const w = Math.round(video.videoWidth * scale);
          const h = Math.round(video.videoHeight * scale);
          if (canvas.width !== w || canvas.height !== h) {
            canvas.width = w;
            canvas.height = h;
          }
          ctx.drawImage(video, 0, 0, w, h);
          const image = ctx.getImageData(0, 0, w, h);
          const code = jsQR(image.data, w, h, { inversionAttempts: 'dontInvert' });
          if (code?.data) lookUpRef.current(code.data);
        }
        timer = setTimeout(tick, DECODE_EVERY_MS);
      };
      tick();
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      if (video) video.srcObject = null;
    };
  }, [attempt]);

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
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
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
