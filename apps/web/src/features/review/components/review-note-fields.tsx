import type { Ref } from 'react';
import { REVIEW_FLAGS, REVIEW_FLAG_LABELS, REVIEW_NOTE_MAX, type ReviewFlag } from '@lanyard/shared/review';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { ReviewDraft } from '../lib/review-draft';

interface ReviewNoteFieldsProps {
  draft: ReviewDraft;
  onChange: (patch: Partial<ReviewDraft>) => void;
  readOnly: boolean;
  /** The flag's reason is missing (said when the review was sent). */
  reasonError: string | null;
  onReasonEdited: () => void;
  reasonRef: Ref<HTMLInputElement>;
}

/** What goes with the scores: the private note for organisers, and a flag with its reason. */
export function ReviewNoteFields({
  draft,
  onChange,
  readOnly,
  reasonError,
  onReasonEdited,
  reasonRef,
}: ReviewNoteFieldsProps) {
  return (
    <>
      <FormField
        id="review-note"
        label="Private Note for Organisers"
        hint="Optional. Only organisers read it; other reviewers never see it."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            className="min-h-20"
            maxLength={REVIEW_NOTE_MAX}
            value={draft.note}
            readOnly={readOnly}
            onChange={(e) => onChange({ note: e.target.value })}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)] lg:grid-cols-1">
        <FormField id="review-flag" label="Flag">
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.flag ?? ''}
              disabled={readOnly}
              onChange={(e) => {
                const flag = (e.target.value || null) as ReviewFlag | null;
                onChange({ flag });
                if (!flag) onReasonEdited();
              }}
            >
              <option value="">No Flag</option>
              {REVIEW_FLAGS.map((f) => (
                <option key={f} value={f}>
                  {REVIEW_FLAG_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {draft.flag ? (
          <FormField id="review-flag-reason" label="Reason for the Flag" error={reasonError ?? undefined}>
            {(control) => (
              <Input
                {...control}
                ref={reasonRef}
                aria-required="true"
                maxLength={500}
                value={draft.flagReason}
                readOnly={readOnly}
                onChange={(e) => {
                  onChange({ flagReason: e.target.value });
                  onReasonEdited();
                }}
              />
            )}
          </FormField>
        ) : null}
      </div>
    </>
  );
}
