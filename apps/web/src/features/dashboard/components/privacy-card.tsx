import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { DELETE_CONFIRM_WORD } from '@lanyard/shared/privacy';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { clearSavedPass } from '@/lib/saved-pass';
import { downloadMyData, useConsent, useDeleteAccount, useSetConsent } from '../api/privacy';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Your data" on the dashboard: the sponsor consent, Download my data, Delete my account. */
export function PrivacyCard() {
  const event = useEventConfig();
  return (
    <Card aria-labelledby="privacy-title">
      <CardHeader>
        <CardTitle id="privacy-title">Your data</CardTitle>
        <CardDescription>
          What we keep and why is in the{' '}
          <Link
            to={event.privacy.policyPath}
            className="font-medium text-brand-ink underline underline-offset-2"
          >
            privacy policy
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <SponsorConsent />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <DownloadButton />
          <DeleteAccount />
        </div>
      </CardContent>
    </Card>
  );
}

function SponsorConsent() {
  const event = useEventConfig();
  const consent = useConsent();
  const setConsent = useSetConsent();
  const id = useId();
  if (consent.isPending) return <p className="text-sm text-slate-600">Loading your consent...</p>;
  if (consent.isError) return <p className="text-sm text-red-700">Could not load your consent.</p>;
  const state = consent.data;
  if (!state.has_application)
    return (
      <p className="text-sm text-slate-700">
        Sharing with sponsors is asked on the application form; you can change it here once you have applied.
      </p>
    );
  const last = state.history[0];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={state.sponsor_consent}
          disabled={setConsent.isPending}
          onCheckedChange={(checked) =>
            setConsent.mutate(checked === true, {
              onSuccess: (next) =>
                toast.success(next.sponsor_consent ? 'Consent given' : 'Consent withdrawn', {
                  description: next.sponsor_consent
                    ? 'Sponsors may now see your application and resume.'
                    : 'Sponsors can no longer see your application or resume.',
                }),
              onError: (err) =>
                toast.error('Error', { description: errorMessage(err, 'Could not change your consent.') }),
            })
          }
        />
        <Label htmlFor={id} className="leading-snug font-normal text-slate-800">
          {event.privacy.sponsorConsentText}
        </Label>
      </div>
      <p className="pl-8 text-xs text-slate-600" aria-live="polite">
        {last
          ? `${last.given ? 'Given' : 'Withdrawn'} on ${when(last.at)}.`
          : 'Not given. Sponsors cannot see your application or resume.'}
      </p>
    </div>
  );
}

function DownloadButton() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadMyData();
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'Could not download your data.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : <Download aria-hidden="true" />}
      Download my data
    </Button>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passwordId = useId();
  const errorId = useId();
  const confirm = () =>
    remove.mutate(
      { password, confirm: DELETE_CONFIRM_WORD },
      {
        onSuccess: () => {
          // The session is gone with the account: leave first, then forget what this device held.
          void navigate(paths.home, { replace: true });
          queryClient.clear();
          clearSavedPass();
          toast.success('Account deleted', { description: 'Your account and your data have been deleted.' });
        },
        // Said inside the dialog, beside the password: a toast would sit behind the modal.
        onError: (err) => setError(errorMessage(err, 'Could not delete your account.')),
      },
    );
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      <TypedConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setError(null);
          }
        }}
        title="Are you sure?"
        description="This permanently deletes your account, your application, your resume and everything else we hold about you. It cannot be undone."
        confirmText={DELETE_CONFIRM_WORD}
        confirmVerb="confirm"
        actionLabel="Delete my account"
        destructive
        pending={remove.isPending}
        actionDisabled={password.length === 0}
        onConfirm={confirm}
      >
        <div className="grid gap-2">
          <Label htmlFor={passwordId}>Your password</Label>
          {/* The dialog focuses the first input so marked: the password, which comes first. */}
          <Input
            id={passwordId}
            data-typed-confirm=""
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={remove.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </TypedConfirmDialog>
    </>
  );
}
