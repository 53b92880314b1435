import { useState, type DragEvent } from 'react';
import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { APPLICANT_ROLES, type ApplicantRole } from '@lanyard/shared/constants';
import { QUESTION_LIST } from '@lanyard/shared/questions/catalogue';
import {
  CUSTOM_LIMITS,
  CUSTOM_SECTIONS,
  CUSTOM_TYPE_LABELS,
  SECTION_LABELS,
  type CustomQuestion,
} from '@lanyard/shared/questions/custom';
import type { SectionId } from '@lanyard/shared/questions/types';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { IconButton } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import {
  useCustomQuestions,
  useDeleteQuestion,
  useReorderQuestions,
  useSaveQuestion,
} from '../../api/questions';
import { blankDraft, draftBody, draftOf, moved, type QuestionDraft } from '../../lib/question-draft';
import { ViewToggle } from '../insights/view-toggle';
import { QuestionDialog } from './question-dialog';
import { QuestionsPreview } from './questions-preview';

type Listed = CustomQuestion & { answered: number };

const ROLE_LABELS: Record<ApplicantRole, string> = { hacker: 'Hacker form', mentor: 'Mentor form' };

/** The built-in questions of a section, shown locked for context. */
function builtIns(role: ApplicantRole, section: SectionId) {
  return QUESTION_LIST.filter((q) => q.validation[role] && q.section === section && !q.partOf);
}

/**
 * Settings → Questions: each form's sections with the built-in questions (locked) and the custom
 * ones, which an admin adds, edits, orders (drag and drop, or the arrow buttons), hides and deletes.
 */
export function QuestionsCard() {
  const list = useCustomQuestions();
  const reorder = useReorderQuestions();
  const remove = useDeleteQuestion();
  const save = useSaveQuestion();
  const [role, setRole] = useState<ApplicantRole>('hacker');
  const [dialog, setDialog] = useState<{ editing: Listed | null; initial: QuestionDraft } | null>(null);
  const [deleting, setDeleting] = useState<Listed | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  const all = list.data?.questions ?? [];
  const mine = all.filter((q) => q.role === role).sort((a, b) => a.position - b.position);
  const full = mine.length >= CUSTOM_LIMITS.questions;

  /** Moves a question within its section, to the place of `target` (another of the section's questions). */
  const move = (question: Listed, target: Listed | undefined) => {
    if (!target || target.id === question.id) return;
    const ids = mine.map((q) => q.id);
    const next = moved(ids, ids.indexOf(question.id), ids.indexOf(target.id));
    reorder.mutate(
      { role, ids: next },
      {
        onSuccess: () => toast.success('Order Saved', { description: `"${question.label}" moved.` }),
        onError: (err) =>
          toast.error('Error', { description: errorMessage(err, 'The order could not be saved.') }),
      },
    );
  };

  const toggleHidden = (q: Listed) => {
    const { body } = draftBody({ ...draftOf(q), hidden: !q.hidden });
    if (!body) return;
    save.mutate(
      { id: q.id, body },
      {
        onSuccess: () =>
          toast.success(q.hidden ? 'Question Shown' : 'Question Hidden', {
            description: q.hidden
              ? `New applicants see "${q.label}".`
              : `New applicants no longer see "${q.label}"; answers given are kept.`,
          }),
        onError: (err) =>
          toast.error('Error', { description: errorMessage(err, 'The question could not be saved.') }),
      },
    );
  };

  const onDrop = (section: Listed[], target: Listed) => (event: DragEvent) => {
    event.preventDefault();
    const source = section.find((q) => q.id === dragged);
    setDragged(null);
    if (source) move(source, target);
  };

  return (
    <Card aria-labelledby="questions-title" className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id="questions-title" className="text-lg font-semibold text-slate-900">
            Questions
          </h3>
          <p className="text-sm text-slate-700">
            Add your own questions to each form. Built-in questions are locked. Changes apply to applications
            submitted afterwards; answers already given keep the wording they were given under.
          </p>
        </div>
        <ViewToggle
          label="Form"
          value={role}
          onChange={setRole}
          options={APPLICANT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
      </div>

      {list.isError ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">Failed to load the questions.</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> Loading questions...
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          {full ? (
            <p className="text-sm text-slate-700">
              This form has {CUSTOM_LIMITS.questions} custom questions, the most it can have: delete one to
              add another.
            </p>
          ) : null}
          {CUSTOM_SECTIONS[role].map((section) => {
            const custom = mine.filter((q) => q.section === section);
            return (
              <section key={section} aria-label={SECTION_LABELS[section]} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h4 className="text-sm font-semibold text-slate-900">{SECTION_LABELS[section]}</h4>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={full}
                    onClick={() => setDialog({ editing: null, initial: blankDraft(role, section) })}
                    aria-label={`Add question to ${SECTION_LABELS[section]}`}
                  >
                    <Plus aria-hidden="true" />
                    Add question
                  </Button>
                </div>
                <ul className="flex flex-col gap-1.5">
                  {builtIns(role, section).map((q) => (
                    <li
                      key={q.key}
                      className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
                    >
                      <Lock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <span className="min-w-0 flex-1 truncate">{q.label}</span>
                      <span className="sr-only">(built in)</span>
                    </li>
                  ))}
                  {custom.map((q, index) => (
                    <li
                      key={q.id}
                      draggable
                      onDragStart={() => setDragged(q.id)}
                      onDragEnd={() => setDragged(null)}
                      onDragOver={(e) => {
                        if (dragged && custom.some((c) => c.id === dragged)) e.preventDefault();
                      }}
                      onDrop={onDrop(custom, q)}
                      data-testid={`question-${q.id}`}
                      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-2 py-2 text-sm"
                    >
                      <GripVertical
                        aria-hidden="true"
                        className="size-4 shrink-0 cursor-grab text-slate-500"
                      />
                      <div className="flex min-w-0 flex-1 flex-col gap-1">
                        <span
                          className={q.hidden ? 'text-slate-500 line-through' : 'font-medium text-slate-900'}
                        >
                          {q.label}
                        </span>
                        <span className="flex flex-wrap gap-1">
                          <Badge>{CUSTOM_TYPE_LABELS[q.type]}</Badge>
                          {q.required ? <Badge>Required</Badge> : null}
                          {q.condition ? <Badge>Conditional</Badge> : null}
                          {q.hidden ? <Badge>Hidden</Badge> : null}
                          {!q.reviewer_visible ? <Badge>Not shown to reviewers</Badge> : null}
                          <Badge>
                            {q.answered.toLocaleString('en-US')} {q.answered === 1 ? 'answer' : 'answers'}
                          </Badge>
                        </span>
                      </div>
                      <div className="flex items-center">
                        <IconButton
                          label={`Move "${q.label}" up`}
                          disabled={index === 0 || reorder.isPending}
                          onClick={() => move(q, custom[index - 1])}
                        >
                          <ArrowUp aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Move "${q.label}" down`}
                          disabled={index === custom.length - 1 || reorder.isPending}
                          onClick={() => move(q, custom[index + 1])}
                        >
                          <ArrowDown aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={`Edit "${q.label}"`}
                          onClick={() => setDialog({ editing: q, initial: draftOf(q) })}
                        >
                          <Pencil aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          label={q.hidden ? `Show "${q.label}"` : `Hide "${q.label}"`}
                          onClick={() => toggleHidden(q)}
                        >
                          {q.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                        </IconButton>
                        <IconButton
                          label={
                            q.answered > 0 ? 'People have answered: hide it instead' : `Delete "${q.label}"`
                          }
                          aria-disabled={q.answered > 0 || undefined}
                          onClick={() => (q.answered > 0 ? undefined : setDeleting(q))}
                        >
                          <Trash2 aria-hidden="true" />
                        </IconButton>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          <QuestionsPreview role={role} questions={all} />
        </div>
      )}

      {dialog ? (
        <QuestionDialog
          editing={dialog.editing}
          initial={dialog.initial}
          questions={all}
          onClose={() => setDialog(null)}
          onSaved={(label) => {
            setDialog(null);
            toast.success(dialog.editing ? 'Question Saved' : 'Question Added', {
              description: `"${label}"`,
            });
          }}
        />
      ) : null}

      {deleting ? (
        <Dialog open onOpenChange={(open) => (open ? null : setDeleting(null))}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete question?</DialogTitle>
              <DialogDescription>
                &ldquo;{deleting.label}&rdquo; is removed from the form. Nobody has answered it yet.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      toast.success('Question Deleted', { description: `"${deleting.label}"` });
                      setDeleting(null);
                    },
                    onError: (err) =>
                      toast.error('Error', {
                        description: errorMessage(err, 'The question could not be deleted.'),
                      }),
                  })
                }
              >
                Delete
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </Card>
  );
}
