import { useRef, useState, type FormEvent } from 'react';
import { ListOrdered, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { AdmissionsRole, PromotePreview } from '@lanyard/shared/capacity';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isApiError, isClientError } from '@/lib/api-client';
import { usePreviewPromotion, usePromoteFromWaitlist } from '../../api/admissions-promote';
import {
  defaultWaveCount,
  emptyWaitlistText,
  parseWaveCount,
  promoteButtonLabel,
  promoteDialogTitle,
  promotedToast,
  waveFlaggedText,
  waveProjectionText,
  waveRangeText,
  waveReleaseText,
  waveScoreText,
  waveSummary,
  withoutFieldPrefix,
} from '../../lib/admissions-wave';
import { PeopleList } from './people-list';

/** The preview shown, with the number asked for: a refused wave is previewed again with it. */
interface Shown {
  requested: number;
  preview: PromotePreview;
}

function WavePreview({
  preview: p,
  places,
  id,
}: {
  preview: PromotePreview;
  places: number | null;
  id: string;
}) {
  const flagged = waveFlaggedText(p.excluded_flagged);
  return (
    <div aria-live="polite" data-testid={`${id}-preview`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <p className="text-sm font-semibold text-slate-900" data-testid={`${id}-summary`}>
          {waveSummary(p)}
        </p>
        {flagged ? <p className="text-sm text-slate-700">{flagged}</p> : null}
      </div>
      {p.count > 0 ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 md:grid-cols-1 xl:grid-cols-2">
            <PeopleList scoreText={waveScoreText} label="First" people={p.first} />
            <PeopleList scoreText={waveScoreText} label="Last" people={p.last} />
          </dl>
          <p className="text-sm text-slate-800 tabular-nums" data-testid={`${id}-projection`}>
            {waveProjectionText(p, places)}
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * A wave: promote the next N from the role's waitlist by hand. A preview first (who, and what it
 * does to expected attendance), then the typed number, as Decide by Score asks; the server takes
 * the head of the waitlist again under a lock and refuses if the number promoted has moved.
 */
export function AdmissionsWave({ role }: { role: AdmissionsRole }) {
  const id = `admissions-${role.role}-wave`;
  const inputRef = useRef<HTMLInputElement>(null);
  // null: the suggestion, which follows the counts until the admin types something.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = usePreviewPromotion();
  const promote = usePromoteFromWaitlist();
  const value = typed ?? defaultWaveCount(role);
  const empty = role.waitlisted === 0;

  // A preview of another number must not be the one confirmed: it goes as soon as the field changes.
  const change = (next: string) => {
    setTyped(next);
    setError(null);
    setShown(null);
    preview.reset();
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWaveCount(value);
    if (parsed.count === null) {
      setError(parsed.error);
      return;
    }
    const requested = parsed.count;
    setShown(null);
    preview.mutate(
      { role: role.role, count: requested },
      {
        onSuccess: (data) => setShown({ requested, preview: data }),
        onError: (err) =>
          toast.error('Error', {
            description:
              isClientError(err) && isApiError(err) ? err.message : 'Failed to preview the promotion',
          }),
      },
    );
  };

  const onPromote = () => {
    if (!shown) return;
    const { requested, preview: p } = shown;
    setRefusal(null);
    promote.mutate(
      // The number shown, not the one typed: fewer may wait than were asked for.
      { role: p.role, count: p.count, confirm: String(p.count) },
      {
        onSuccess: (done) => {
          setConfirming(false);
          setShown(null);
          setTyped(null);
          const { title, description } = promotedToast(done);
          toast.success(title, { description });
        },
        onError: (err) => {
          if (isApiError(err) && err.code === 'validation_error' && err.message.startsWith('confirm:')) {
            // Fewer wait than the preview showed (another admin, a withdrawal): say so in the dialog
            // and show who would go now, so the admin confirms the new number or cancels.
            setRefusal(withoutFieldPrefix(err.message));
            preview.mutate(
              { role: p.role, count: requested },
              {
                onSuccess: (data) => setShown({ requested, preview: data }),
                onError: () => {
                  setConfirming(false);
                  setShown(null);
                  toast.error('Error', { description: 'Failed to preview the promotion' });
                },
              },
            );
            return;
          }
          setConfirming(false);
          setShown(null);
          toast.error('Error', {
            description:
              isClientError(err) && isApiError(err) ? err.message : 'Failed to promote from the waitlist',
          });
        },
      },
    );
  };

  const count = shown?.preview.count ?? 0;

  return (
    <div data-testid={id} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <form
        onSubmit={onPreview}
        noValidate
        aria-label={`Promote ${role.role === 'mentor' ? 'mentors' : 'hackers'} from the waitlist`}
      >
        <FormField
          id={`${id}-count`}
          label="Promote from the waitlist"
          hint={
            empty ? emptyWaitlistText(role.role) : 'Best review score first, then the earliest submission.'
          }
          error={error ?? undefined}
        >
          {(control) => (
            // The button beside the number it previews, on a phone too: both fit in one row.
            <div className="flex gap-2">
              <Input
                {...control}
                ref={inputRef}
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                disabled={empty}
                value={empty ? '' : value}
                onChange={(event) => change(event.target.value)}
                className="sm:max-w-40"
              />
              <Button
                type="submit"
                variant="secondary"
                disabled={empty || preview.isPending}
                aria-busy={preview.isPending || undefined}
                className="shrink-0"
              >
                {preview.isPending ? <Spinner className="size-4" /> : <ListOrdered aria-hidden="true" />}
                Preview
              </Button>
            </div>
          )}
        </FormField>
      </form>

      {shown && !empty ? <WavePreview preview={shown.preview} places={role.places} id={id} /> : null}

      {shown && !empty && count > 0 ? (
        <Button
          type="button"
          className="self-start"
          disabled={promote.isPending}
          onClick={() => {
            setRefusal(null);
            setConfirming(true);
          }}
        >
          <UserPlus aria-hidden="true" />
          {promoteButtonLabel(count, role.role)}
        </Button>
      ) : null}
      {empty ? null : (
        <p className="text-xs text-slate-600" data-testid={`${id}-release`}>
          {waveReleaseText(role.role, role.released)}
        </p>
      )}

      <TypedConfirmDialog
        open={confirming && !empty && count > 0}
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title={promoteDialogTitle(count, role.role)}
        description={
          shown ? (
            <div className="flex flex-col gap-2">
              <p>{waveRangeText(shown.preview)}</p>
              <p className="tabular-nums">{waveProjectionText(shown.preview, role.places)}.</p>
              <p>{waveReleaseText(role.role, role.released)}</p>
            </div>
          ) : null
        }
        confirmText={shown ? String(count) : null}
        confirmVerb="confirm"
        actionLabel="Promote"
        pending={promote.isPending}
        actionDisabled={preview.isPending}
        // After a wave the button that opened the dialog is gone: focus goes back to the number.
        onCloseAutoFocus={
          shown
            ? undefined
            : (event) => {
                event.preventDefault();
                inputRef.current?.focus();
              }
        }
        onConfirm={onPromote}
      >
        {refusal ? (
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">
              The waitlist has changed since the preview. {refusal}
            </AlertDescription>
          </Alert>
        ) : null}
      </TypedConfirmDialog>
    </div>
  );
}
