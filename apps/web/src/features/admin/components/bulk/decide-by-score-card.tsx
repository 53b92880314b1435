import { useId, useState, type FormEvent } from 'react';
import { AlertTriangle, ListOrdered } from 'lucide-react';
import { toast } from 'sonner';
import type { DecideByScoreBody, DecideByScorePreview } from '@lanyard/shared/review';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isApiError, isClientError } from '@/lib/api-client';
import { useApplyDecideByScore, usePreviewDecideByScore } from '../../api/decide-by-score';
import {
  appliedToast,
  confirmDescription,
  decideBody,
  DECIDE_STATUS_OPTIONS,
  DEFAULT_DECIDE_FORM,
  type DecideByScoreForm,
  type DecideFormErrors,
} from '../../lib/decide-by-score';
import { ScorePreview } from './score-preview';

/** The preview shown, with the body it was asked for: Apply sends that body, never the form as since edited. */
interface Shown {
  body: DecideByScoreBody;
  preview: DecideByScorePreview;
}

/**
 * Decide by score: accept the top N of a role's reviewed applications, waitlist the next M, reject
 * the rest. A preview first, then the typed number of applications that change; applied in one
 * transaction through the bulk status path, so nothing shows until the role's decisions are released.
 */
export function DecideByScoreCard() {
  const uid = useId();
  const [form, setForm] = useState<DecideByScoreForm>(DEFAULT_DECIDE_FORM);
  const [errors, setErrors] = useState<DecideFormErrors>({});
  const [shown, setShown] = useState<Shown | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = usePreviewDecideByScore();
  const apply = useApplyDecideByScore();

  // Any change makes the preview on screen out of date: it goes, so Apply cannot use it.
  const change = (patch: Partial<DecideByScoreForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
    setShown(null);
    preview.reset();
  };

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    const result = decideBody(form);
    if (!result.body) {
      setErrors(result.errors);
      return;
    }
    const body = result.body;
    setShown(null);
    preview.mutate(body, {
      onSuccess: (data) => setShown({ body, preview: data }),
      onError: () => toast.error('Error', { description: 'Failed to preview decisions by score' }),
    });
  };

  const onApply = () => {
    if (!shown) return;
    const { body, preview: p } = shown;
    apply.mutate(
      { body, confirm: String(p.changes) },
      {
        onSuccess: (done) => {
          setConfirming(false);
          setShown(null);
          toast.success('Bulk Action Completed', { description: appliedToast(done) });
        },
        onError: (err) => {
          setConfirming(false);
          // The ranking moved under the preview (a new review, another admin): preview again.
          setShown(null);
          toast.error('Error', {
            description: isClientError(err) && isApiError(err) ? err.message : 'Failed to decide by score',
          });
        },
      },
    );
  };

  const roleName = form.role === 'mentor' ? 'Mentor' : 'Hacker';

  return (
    <Card aria-labelledby="decide-by-score-title">
      <CardHeader>
        <CardTitle id="decide-by-score-title">Decide by Score</CardTitle>
        <CardDescription>
          Accept, waitlist or reject a role's reviewed applications from the top of the ranking. Decisions
          stay hidden from applicants until you release them under Decision Management.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={onPreview} noValidate className="flex flex-col gap-5" aria-label="Decide by score">
          <div className="grid gap-5 md:grid-cols-2">
            <fieldset className="flex flex-col gap-2">
              <legend id={`${uid}-role`} className="mb-1.5 text-sm font-medium text-slate-800">
                Role
              </legend>
              <RadioGroup
                aria-labelledby={`${uid}-role`}
                value={form.role}
                onValueChange={(role) => change({ role: role as DecideByScoreForm['role'] })}
                className="flex flex-wrap gap-2"
              >
                <RadioOption id={`${uid}-hacker`} value="hacker" label="Hacker" variant="chip" />
                <RadioOption id={`${uid}-mentor`} value="mentor" label="Mentor" variant="chip" />
              </RadioGroup>
            </fieldset>
            <FormField
              id={`${uid}-status`}
              label="Applications"
              hint="Only reviewed applications with a score are ranked."
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  value={form.status}
                  onChange={(event) => change({ status: event.target.value as DecideByScoreForm['status'] })}
                >
                  {DECIDE_STATUS_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Decisions, From the Top</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                id={`${uid}-accept`}
                label="Accept the Top"
                hint="Empty: accept none."
                error={errors.acceptTop}
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="off"
                    value={form.acceptTop}
                    onChange={(event) => change({ acceptTop: event.target.value })}
                    maxLength={6}
                  />
                )}
              </FormField>
              <FormField
                id={`${uid}-waitlist`}
                label="Waitlist the Next"
                hint="Empty: waitlist none."
                error={errors.waitlistNext}
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="off"
                    value={form.waitlistNext}
                    onChange={(event) => change({ waitlistNext: event.target.value })}
                    maxLength={6}
                  />
                )}
              </FormField>
              <div className="flex items-start gap-2 sm:pt-8">
                <Checkbox
                  id={`${uid}-reject`}
                  checked={form.rejectRest}
                  onCheckedChange={(checked) => change({ rejectRest: checked === true })}
                />
                <Label htmlFor={`${uid}-reject`} className="leading-snug">
                  Reject the Rest
                </Label>
              </div>
            </div>
            <div className="flex items-start gap-2">
              <Checkbox
                id={`${uid}-flagged`}
                checked={form.includeFlagged}
                onCheckedChange={(checked) => change({ includeFlagged: checked === true })}
              />
              <Label htmlFor={`${uid}-flagged`} className="leading-snug">
                Include Flagged Applications
                <span className="block text-xs font-normal text-slate-600">
                  Left out unless chosen: reviewers flagged them as spam, plagiarised, a duplicate person or
                  not eligible.
                </span>
              </Label>
            </div>
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.form}
              </p>
            ) : null}
          </fieldset>

          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="secondary"
              disabled={preview.isPending}
              aria-busy={preview.isPending || undefined}
            >
              {preview.isPending ? <Spinner className="size-4" /> : <ListOrdered aria-hidden="true" />}
              Preview
            </Button>
            <Button
              type="button"
              disabled={!shown || shown.preview.changes === 0 || apply.isPending}
              onClick={() => setConfirming(true)}
            >
              Apply {roleName} Decisions
            </Button>
          </div>
        </form>

        {shown ? (
          <ScorePreview preview={shown.preview} includeFlagged={shown.body.include_flagged ?? false} />
        ) : null}
        {!shown && !preview.isPending ? (
          <Alert tone="info">
            <AlertTriangle aria-hidden="true" />
            <AlertDescription className="mt-0">
              Preview first: it shows how many each decision takes, the score cut-offs and who is at the top
              and bottom of each band. Nothing changes until you apply and type the number of applications
              that change.
            </AlertDescription>
          </Alert>
        ) : null}
      </CardContent>

      <TypedConfirmDialog
        open={confirming && shown !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(false))}
        title="Are you sure?"
        description={shown ? confirmDescription(shown.preview) : ''}
        confirmText={shown ? String(shown.preview.changes) : null}
        actionLabel="Apply Decisions"
        destructive={shown?.body.reject_rest ?? false}
        pending={apply.isPending}
        onConfirm={onApply}
      />
    </Card>
  );
}
