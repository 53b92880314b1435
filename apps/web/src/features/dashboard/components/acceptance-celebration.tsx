import { useEffect, useRef, useState, type RefObject } from 'react';
import { PartyPopper } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CELEBRATION_OVERLAY_MS, CONFETTI_DURATION_MS, CONFETTI_INTERVAL_MS } from '../lib/celebration';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Confetti bursts every 250 ms for 6 s, drawn on our own canvas without a worker: the
 * page's CSP allows no blob: workers. Nothing is drawn (or even downloaded) under reduced motion.
 */
function Confetti() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || prefersReducedMotion()) return;
    let cancelled = false;
    let interval: ReturnType<typeof setInterval> | undefined;
    let reset: (() => void) | undefined;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      const fire = confetti.create(canvas, { resize: true, useWorker: false });
      reset = () => fire.reset();
      const endsAt = Date.now() + CONFETTI_DURATION_MS;
      const burst = () => {
        const left = endsAt - Date.now();
        if (left <= 0) {
          clearInterval(interval);
          return;
        }
        const particleCount = Math.max(10, Math.round(50 * (left / CONFETTI_DURATION_MS)));
        const common = { particleCount, spread: 70, startVelocity: 30, ticks: 60, zIndex: 0 };
        void fire({ ...common, origin: { x: 0.1 + Math.random() * 0.2, y: Math.random() - 0.2 } });
        void fire({ ...common, origin: { x: 0.7 + Math.random() * 0.2, y: Math.random() - 0.2 } });
      };
      burst();
      interval = setInterval(burst, CONFETTI_INTERVAL_MS);
    });
    return () => {
      cancelled = true;
      clearInterval(interval);
      reset?.();
    };
  }, []);
  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-[60] h-full w-full"
    />
  );
}

interface AcceptanceCelebrationProps {
  eventName: string;
  /** Where focus goes when the overlay closes (it has no trigger to return to). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Mounted when an acceptance is released: confetti plus an overlay that closes itself after 5 s. */
export function AcceptanceCelebration({ eventName, returnFocusTo }: AcceptanceCelebrationProps) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), CELEBRATION_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <Confetti />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="text-center"
          data-testid="celebration"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <DialogHeader className="items-center pr-0">
            <PartyPopper aria-hidden="true" className="size-12 text-brand-ink" />
            <DialogTitle className="text-2xl">Congratulations!</DialogTitle>
            <DialogDescription className="text-base">
              You&apos;ve been accepted to {eventName}. We can&apos;t wait to see you there!
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="sm:justify-center">
            <DialogClose asChild>
              <Button>Continue to Dashboard</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
