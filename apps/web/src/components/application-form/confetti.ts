import confetti from 'canvas-confetti';

export const CONFETTI_DURATION_MS = 3_000;
const BURST_EVERY_MS = 250;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Bursts of confetti on `canvas` for about 3 s; nothing when the visitor prefers reduced
 * motion. No web worker: the CSP allows scripts from our own origin only. Returns a stop function.
 */
export function celebrate(canvas: HTMLCanvasElement, durationMs = CONFETTI_DURATION_MS): () => void {
  if (prefersReducedMotion()) return () => {};
  const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  const end = Date.now() + durationMs;
  const burst = () => {
    const left = end - Date.now();
    if (left <= 0) {
      window.clearInterval(id);
      return;
    }
    const particleCount = Math.max(10, Math.round(50 * (left / durationMs)));
    void fire({
      particleCount,
      spread: 70,
      startVelocity: 35,
      origin: { x: 0.1 + Math.random() * 0.3, y: 0.3 },
    });
    void fire({
      particleCount,
      spread: 70,
      startVelocity: 35,
      origin: { x: 0.6 + Math.random() * 0.3, y: 0.3 },
    });
  };
  const id = window.setInterval(burst, BURST_EVERY_MS);
  burst();
  return () => {
    window.clearInterval(id);
    fire.reset();
  };
}
