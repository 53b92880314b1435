import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraErrorMessage } from './camera';

export type CameraState = { kind: 'starting' } | { kind: 'running' } | { kind: 'error'; message: string };

/** How often a frame is decoded; the camera keeps running in between. */
const DECODE_EVERY_MS = 120;
/**
 * A code counts again only after it has been out of view this long: one person holding their
 * phone up is one scan, not ten.
 */
export const SAME_CODE_QUIET_MS = 3000;
const MAX_DECODE_WIDTH = 640;

/** Whether `token`, seen at `now`, is a new read (and remembers the sighting either way). */
export function isNewRead(seen: Map<string, number>, token: string, now: number): boolean {
  const last = seen.get(token);
  seen.set(token, now);
  for (const [t, at] of seen) if (now - at > SAME_CODE_QUIET_MS * 4) seen.delete(t);
  return last === undefined || now - last > SAME_CODE_QUIET_MS;
}

/**
 * The rear camera, read continuously with jsQR (loaded only once someone scans), for the station
 * scanner and the desk's scan dialog. Every new code goes to `onCode` with no tap; with
 * `everyRead`, every frame's code does (the dialog pauses on its own terms). Stops the camera when
 * unmounted or when `active` turns false.
 */
export function useCodeReader(
  videoRef: RefObject<HTMLVideoElement | null>,
  onCode: (token: string) => void,
  { active = true, everyRead = false }: { active?: boolean; everyRead?: boolean } = {},
) {
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const video = videoRef.current;
    const seen = new Map<string, number>();
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
          const code = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' });
          if (code?.data && (everyRead || isNewRead(seen, code.data, Date.now())))
            onCodeRef.current(code.data);
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
  }, [attempt, active, everyRead, videoRef]);

  return { camera, retry: () => setAttempt((n) => n + 1) };
}
