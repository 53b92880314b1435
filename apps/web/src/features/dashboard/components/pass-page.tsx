import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { MyApplication } from '@lanyard/shared/application';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { useUser } from '@/api/get-me';
import { myApplicationQueryOptions } from '@/api/get-my-application';
import { isApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { myQrQueryOptions } from '../api/get-my-qr';
import { clearSavedPass, readSavedPass, writeSavedPass, type SavedPass } from '@/lib/saved-pass';
import { useWakeLock } from '../lib/use-wake-lock';

/** How long the page waits for the server before saying it shows the saved pass. */
const SLOW_MS = 2500;

export const PASS_PDF_URL = '/api/applications/me/pass.pdf';
export const PASS_CAPTION = 'Show this at the door';
export const OFFLINE_NOTE = 'Offline: showing the pass saved on this device.';
export const NO_PASS_MESSAGE = 'Your pass appears once you have confirmed your attendance.';
export const OFFLINE_NO_PASS =
  'You are offline, and no pass is saved on this device yet. Open this page once with a connection.';

/** What they asked to be called, else their first name (as on the badge and the PDF pass). */
export function passName(application: MyApplication): string {
  const preferred = application.rsvp_details?.preferred_name?.trim();
  const first = application.answers.firstName;
  return preferred || (typeof first === 'string' ? first.trim() : '');
}

/** The code as SVG: pure black on white with a wide quiet zone, for any scanner in any light. */
function useQrSvg(token: string | undefined): string | null {
  const [svg, setSvg] = useState<{ token: string; url: string } | null>(null);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    import('qrcode')
      .then(({ toString }) =>
        toString(token, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 4,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((text) => {
        if (!cancelled)
          setSvg({ token, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [token]);
  return svg && svg.token === token ? svg.url : null;
}

/**
 * /pass, "Save my pass": the door code, name and event on a white page, nothing else. Once opened
 * with a connection it is kept on the device and shown when the network is not there.
 */
export function PassPage() {
  usePageTitle('My pass');
  const event = useEventConfig();
  const me = useUser();
  const applicant = me.data?.role === 'hacker' || me.data?.role === 'mentor';
  const qr = useQuery({ ...myQrQueryOptions(), enabled: applicant });
  const application = useQuery({ ...myApplicationQueryOptions(), enabled: applicant });
  const [saved, setSaved] = useState<SavedPass | null>(readSavedPass);

  const noCode = isApiError(qr.error) && qr.error.status === 404;
  const signedOut = me.data === null;
  const live =
    qr.data && application.data
      ? { token: qr.data.token, name: passName(application.data), event: eventTitle(event) }
      : null;

  useEffect(() => {
    if (live) {
      const next = { ...live, savedAt: new Date().toISOString() };
      writeSavedPass(next);
      setSaved(next);
    }
    // Saved again only when what it shows changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live?.token, live?.name, live?.event]);

  // The server says there is no pass for this browser (any more): nothing lingers on the device.
  useEffect(() => {
    if (signedOut || noCode) {
      clearSavedPass();
      setSaved(null);
    }
  }, [signedOut, noCode]);

  // Without network the session is asked again for several seconds before failing; by then the
  // saved pass has long been on screen, and it says so.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, []);
  const pass = live ?? saved;
  const offline = !live && !!saved && (slow || me.isError || qr.isError || application.isError);
  useWakeLock(!!pass);
  const image = useQrSvg(pass?.token);

  if (signedOut) return <Navigate to={paths.home} replace />;
  if (me.data && !applicant) return <Navigate to={paths.dashboard} replace />;
  if (!pass) {
    const failed = me.isError || qr.isError || application.isError;
    if (!noCode && !failed) return <LoadingScreen label="Loading your pass..." />;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-white p-6 text-center text-black">
        <h1 className="text-2xl font-bold">My pass</h1>
        <p role="alert" className="max-w-sm text-lg">
          {noCode ? NO_PASS_MESSAGE : OFFLINE_NO_PASS}
        </p>
        <Link to={paths.dashboard} className="text-lg font-semibold underline">
          Back to the dashboard
        </Link>
      </main>
    );
  }

  return (
    <main className="flex min-h-dvh flex-col items-center gap-4 bg-white px-4 py-6 text-center text-black">
      <p className="text-lg font-semibold">{pass.event}</p>
      <h1 className="text-4xl font-bold break-words sm:text-5xl" data-testid="pass-name">
        {pass.name}
      </h1>
      <figure className="flex flex-col items-center gap-2">
        {image ? (
          <img
            src={image}
            alt={`QR code. ${PASS_CAPTION}.`}
            data-testid="pass-qr"
            className="aspect-square w-[min(92vw,70dvh,560px)] bg-white [image-rendering:pixelated]"
          />
        ) : (
          <div className="aspect-square w-[min(92vw,70dvh,560px)]" aria-hidden="true" />
        )}
        <figcaption className="text-xl font-semibold">{PASS_CAPTION}</figcaption>
      </figure>
      {offline ? (
        <p role="status" className="text-base">
          {OFFLINE_NOTE}
        </p>
      ) : null}
      <div className="flex flex-col items-center gap-2 text-base">
        {offline ? null : (
          <a
            href={PASS_PDF_URL}
            download
            className="inline-flex min-h-11 items-center gap-2 font-semibold underline"
          >
            <Download aria-hidden="true" className="size-5" />
            Download PDF pass
          </a>
        )}
        <p className="max-w-sm text-slate-800">
          Saved on this device: it opens without signal. Add this page to your home screen, and turn your
          brightness up at the door.
        </p>
        <Link to={paths.dashboard} className="min-h-11 font-semibold underline">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
