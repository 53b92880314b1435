import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { meQueryKey } from '@/api/get-me';
import { useResendVerificationEmail } from '@/api/resend-verification';

/**
 * Where the banner stands decides what it says: on the dashboard before an application is in, on
 * the application form itself, or (an application already in) only the request to verify.
 */
export type VerifyEmailContext = 'dashboard' | 'form' | 'submitted';

function Explanation({ email, context }: { email: string; context: VerifyEmailContext }) {
  const address = <span className="font-semibold break-all">{email}</span>;
  if (context === 'form') {
    return (
      <>
        You can fill in this form now, and your answers are saved as a draft, but you can submit it only after
        you open the link we sent to {address}.
      </>
    );
  }
  if (context === 'dashboard') {
    return (
      <>
        We sent a link to {address}. Open it to confirm this address is yours: you need a verified email to
        submit your application. You can start filling it in now.
      </>
    );
  }
  return <>We sent a link to {address}. Open it to confirm this address is yours.</>;
}

export function VerifyEmailBanner({ email, context }: { email: string; context: VerifyEmailContext }) {
  const queryClient = useQueryClient();
  const resend = useResendVerificationEmail();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (res) =>
        toast.success('Verification email sent', {
          description: res.message || `Check your inbox at ${email}.`,
        }),
      onError: (err) =>
        toast.error('Error', { description: errorMessage(err, 'Could not send the verification email.') }),
    });

  // People verify in their mailbox's tab and come back: ask again then, so the banner goes away.
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
    window.addEventListener('focus', recheck);
    return () => window.removeEventListener('focus', recheck);
  }, [queryClient]);

  const title = context === 'form' ? 'Verify your email before you submit' : 'Please verify your email';
  return (
    <Alert tone="info" role="region" aria-labelledby="verify-email-title">
      <MailWarning aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <AlertTitle id="verify-email-title">{title}</AlertTitle>
          <AlertDescription>
            <Explanation email={email} context={context} />
          </AlertDescription>
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={onResend}
          disabled={resend.isPending}
          className="self-start sm:shrink-0 sm:self-center"
        >
          {resend.isPending ? <Spinner /> : null}
          Resend verification email
        </Button>
      </div>
    </Alert>
  );
}
