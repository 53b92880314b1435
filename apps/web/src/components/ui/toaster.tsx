import { Toaster as Sonner } from 'sonner';

/** Toasts: a title and a description (spec §8 wording), announced politely to screen readers. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      duration={5000}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
