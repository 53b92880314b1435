import { useId, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import {
  CUSTOM_LIMITS,
  CUSTOM_QUESTION_TYPES,
  CUSTOM_SECTIONS,
  CUSTOM_TYPE_LABELS,
  SECTION_LABELS,
  type CustomQuestion,
  type CustomQuestionType,
} from '@lanyard/shared/questions/custom';
import type { SectionId } from '@lanyard/shared/questions/types';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { IconButton } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import { useSaveQuestion } from '../../api/questions';
import {
  CHOICE_TYPES,
  conditionChoices,
  draftBody,
  newOptionId,
  rewordsAnswers,
  type DraftErrors,
  type QuestionDraft,
} from '../../lib/question-draft';

interface QuestionDialogProps {
  /** The question being edited (with its answer count), or null for a new one. */
  editing: (CustomQuestion & { answered: number }) | null;
  initial: QuestionDraft;
  questions: readonly CustomQuestion[];
  onClose: () => void;
  onSaved: (label: string) => void;
}

/** Add or edit one custom question: its wording, its type's settings, and when it is shown. */
export function QuestionDialog({ editing, initial, questions, onClose, onSaved }: QuestionDialogProps) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [warned, setWarned] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveQuestion();
  const answered = editing?.answered ?? 0;
  const choice = CHOICE_TYPES.includes(draft.type);
  const patch = (changes: Partial<QuestionDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setWarned(false);
  };

  const submit = () => {
    const { body, errors: found } = draftBody(draft);
    setErrors(found);
    setFailure(null);
    if (!body) return;
    // People answered the old wording: say so once before it changes (their answers keep it).
    if (editing && answered > 0 && rewordsAnswers(editing, body) && !warned) {
      setWarned(true);
      return;
    }
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (saved) => onSaved(saved.label),
        onError: (err) => setFailure(errorMessage(err, 'The question could not be saved.')),
      },
    );
  };

  const field = (name: keyof QuestionDraft) => `${id}-${name}`;
  const number = (name: 'max_length' | 'word_limit' | 'min' | 'max', label: string, hint?: string) => (
    <FormField id={field(name)} label={label} error={errors[name]} hint={hint}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          value={draft[name]}
          onChange={(e) => patch({ [name]: e.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit question' : 'Add question'}</DialogTitle>
          <DialogDescription>
            {draft.role === 'hacker' ? 'Hacker' : 'Mentor'} application form. Changes apply to applications
            submitted afterwards.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={field('section')} label="Section" error={errors.section}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.section}
                  onChange={(e) => patch({ section: e.target.value as SectionId })}
                >
                  {CUSTOM_SECTIONS[draft.role].map((s) => (
                    <option key={s} value={s}>
                      {SECTION_LABELS[s]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              id={field('type')}
              label="Type"
              error={errors.type}
              hint={answered > 0 ? 'People have answered: the type cannot change.' : undefined}
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.type}
                  disabled={answered > 0}
                  onChange={(e) => {
                    const type = e.target.value as CustomQuestionType;
                    const needsOptions = CHOICE_TYPES.includes(type) && draft.options.length === 0;
                    patch({
                      type,
                      options: needsOptions
                        ? [
                            { id: 'o1', label: 'Option 1' },
                            { id: 'o2', label: 'Option 2' },
                          ]
                        : draft.options,
                    });
                  }}
                >
                  {CUSTOM_QUESTION_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {CUSTOM_TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>

          <FormField id={field('label')} label="Question" error={errors.label}>
            {(control) => (
              <Input
                {...control}
                maxLength={CUSTOM_LIMITS.label}
                value={draft.label}
                onChange={(e) => patch({ label: e.target.value })}
              />
            )}
          </FormField>
          <FormField
            id={field('help')}
            label="Help text (optional)"
            error={errors.help}
            hint="Plain text; **bold**, _italic_ and [links](https://…) are allowed."
          >
            {(control) => (
              <Textarea
                {...control}
                className="min-h-20"
                maxLength={CUSTOM_LIMITS.help}
                value={draft.help}
                onChange={(e) => patch({ help: e.target.value })}
              />
            )}
          </FormField>

          {choice ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">Options</legend>
              {draft.options.map((option, index) => (
                <div key={option.id} className="flex items-center gap-2">
                  <Input
                    aria-label={`Option ${index + 1}`}
                    maxLength={CUSTOM_LIMITS.option}
                    value={option.label}
                    onChange={(e) =>
                      patch({
                        options: draft.options.map((o) =>
                          o.id === option.id ? { ...o, label: e.target.value } : o,
                        ),
                      })
                    }
                  />
                  <IconButton
                    label={`Remove option ${index + 1}`}
                    disabled={draft.options.length <= 2}
                    onClick={() => patch({ options: draft.options.filter((o) => o.id !== option.id) })}
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </div>
              ))}
              {errors.options ? <p className="text-sm font-medium text-red-700">{errors.options}</p> : null}
              <div className="flex flex-wrap items-center gap-4">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={draft.options.length >= CUSTOM_LIMITS.options}
                  onClick={() =>
                    patch({
                      options: [
                        ...draft.options,
                        { id: newOptionId(draft.options), label: `Option ${draft.options.length + 1}` },
                      ],
                    })
                  }
                >
                  <Plus aria-hidden="true" />
                  Add option
                </Button>
                <CheckField
                  id={field('allow_other')}
                  label='Offer "Other: …"'
                  checked={draft.allow_other}
                  onChange={(v) => patch({ allow_other: v })}
                />
                {draft.type === 'single_choice' ? (
                  <CheckField
                    id={field('display')}
                    label="Show as a dropdown"
                    checked={draft.display === 'dropdown'}
                    onChange={(v) => patch({ display: v ? 'dropdown' : 'radio' })}
                  />
                ) : null}
              </div>
            </fieldset>
          ) : null}
          {draft.type === 'short_text'
            ? number(
                'max_length',
                'Most characters',
                `Up to ${CUSTOM_LIMITS.shortTextMax}; ${CUSTOM_LIMITS.shortTextDefault} when empty.`,
              )
            : null}
          {draft.type === 'paragraph'
            ? number(
                'word_limit',
                'Most words',
                `Up to ${CUSTOM_LIMITS.wordLimitMax}; ${CUSTOM_LIMITS.wordLimitDefault} when empty.`,
              )
            : null}
          {draft.type === 'number' ? (
            <div className="grid gap-4 sm:grid-cols-3">
              {number('min', 'Smallest (optional)')}
              {number('max', 'Largest (optional)')}
              <CheckField
                id={field('integer')}
                label="Whole numbers only"
                checked={draft.integer}
                onChange={(v) => patch({ integer: v })}
              />
            </div>
          ) : null}
          {draft.type === 'consent' ? (
            <FormField
              id={field('link_url')}
              label="Link to what they agree to (optional)"
              error={errors.link_url}
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  value={draft.link_url}
                  onChange={(e) => patch({ link_url: e.target.value })}
                />
              )}
            </FormField>
          ) : null}

          <FormField id={field('condition')} label="Show" error={errors.condition}>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.condition}
                onChange={(e) => patch({ condition: e.target.value })}
              >
                <option value="">Always</option>
                {conditionChoices(draft.role, questions, editing?.id ?? null).map((c) => (
                  <option key={c.value} value={c.value}>
                    Only when {c.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>

          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <CheckField
              id={field('required')}
              label="Required"
              checked={draft.required}
              onChange={(v) => patch({ required: v })}
            />
            <CheckField
              id={field('reviewer_visible')}
              label="Reviewers see the answer"
              checked={draft.reviewer_visible}
              onChange={(v) => patch({ reviewer_visible: v })}
            />
            <CheckField
              id={field('hidden')}
              label="Hidden from new applicants"
              checked={draft.hidden}
              onChange={(v) => patch({ hidden: v })}
            />
          </div>

          {warned ? (
            <Alert tone="warning" role="alert">
              <AlertDescription className="mt-0">
                {answered.toLocaleString('en-US')} {answered === 1 ? 'person has' : 'people have'} answered
                this question. Their answers keep the wording they were given under; new answers get the new
                wording. Save again to change it.
              </AlertDescription>
            </Alert>
          ) : null}
          {failure ? (
            <Alert tone="error" role="alert">
              <AlertDescription className="mt-0">{failure}</AlertDescription>
            </Alert>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {warned ? 'Save anyway' : editing ? 'Save question' : 'Add question'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CheckField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
