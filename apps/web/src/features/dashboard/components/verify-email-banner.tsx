import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useResendVerificationEmail } from '../api/resend-verification';

export function VerifyEmailBanner({ email }: { email: string }) {
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

  return (
    <Alert tone="info" aria-labelledby="verify-email-title">
      <MailWarning aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <AlertTitle id="verify-email-title">Please verify your email</AlertTitle>
          <AlertDescription>
            We sent a link to <span className="font-semibold break-all">{email}</span>. Open it to confirm
            this address is yours.
          </AlertDescription>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={onResend}
          disabled={resend.isPending}
          className="self-start sm:self-center"
        >
          {resend.isPending ? <Spinner /> : null}
          Resend verification email
        </Button>
      </div>
    </Alert>
  );
}
