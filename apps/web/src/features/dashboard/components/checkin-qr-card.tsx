import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { QrCode, Smartphone } from 'lucide-react';
import type { MyApplication } from '@lanyard/shared/application';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { myQrQueryOptions } from '../api/get-my-qr';

/** The card shows for an accepted applicant, once decisions are out, who confirmed they will come. */
export function shouldShowCheckinQr(
  application: MyApplication | null | undefined,
  released: boolean,
): boolean {
  return (
    !!application && released && application.status === 'accepted' && application.rsvp_status === 'accepted'
  );
}

/** Big enough to scan from a phone screen held up to the desk's camera. */
const QR_PIXELS = 320;
export const QR_CAPTION = 'Show this code at check-in';

/** The applicant's check-in QR code (the door scans it to find their record). */
export function CheckinQrCard() {
  const qr = useQuery(myQrQueryOptions());
  const token = qr.data?.token;
  const [image, setImage] = useState<string | null>(null);
  const [drawFailed, setDrawFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    // The encoder loads only for those who have a code to show.
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(token, {
          errorCorrectionLevel: 'M',
          margin: 4,
          width: QR_PIXELS * 2,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((url) => {
        if (!cancelled) setImage(url);
      })
      .catch(() => {
        if (!cancelled) setDrawFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <Card aria-labelledby="checkin-qr-title">
      <CardHeader>
        <CardTitle id="checkin-qr-title" className="flex items-center gap-2">
          <QrCode aria-hidden="true" className="size-5 text-brand-ink" />
          Your Check-In Code
        </CardTitle>
        <CardDescription>
          At the event, open this page and show the code at the check-in desk. Turn up your screen brightness.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        {qr.isError || drawFailed ? (
          <Alert tone="error" role="alert" className="w-full items-center">
            <AlertDescription className="mt-0 flex-1">
              Your check-in code could not be loaded. The desk can also find you by name.
            </AlertDescription>
            {qr.isError ? (
              <Button variant="secondary" size="sm" onClick={() => void qr.refetch()}>
                Try again
              </Button>
            ) : null}
          </Alert>
        ) : image ? (
          <>
            <figure className="flex flex-col items-center gap-2">
              <img
                src={image}
                alt={`QR code. ${QR_CAPTION}.`}
                width={QR_PIXELS}
                height={QR_PIXELS}
                data-testid="checkin-qr"
                className="size-[min(320px,80vw)] rounded-lg border border-slate-200 bg-white [image-rendering:pixelated]"
              />
              <figcaption className="text-base font-semibold text-slate-900">{QR_CAPTION}</figcaption>
            </figure>
            {/* The pass page keeps the code on the phone for a venue without signal, and prints it. */}
            <Button asChild variant="secondary">
              <Link to={paths.pass}>
                <Smartphone aria-hidden="true" />
                Save my pass
              </Link>
            </Button>
          </>
        ) : (
          <div role="status" className="flex min-h-40 items-center gap-3 text-slate-700">
            <Spinner className="size-5 text-brand-ink" />
            Loading your check-in code...
          </div>
        )}
      </CardContent>
    </Card>
  );
}
