import { FileText, EyeOff } from 'lucide-react';
import { roleLabel } from '@lanyard/shared/constants';
import type { ReviewAnswer, ReviewApplication, RubricCriterion } from '@lanyard/shared/review';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { wordCount } from '../lib/progress';

interface ApplicationPanelProps {
  application: ReviewApplication;
  criteria: readonly RubricCriterion[];
  /** The criterion being scored: the answers it is judged on are marked. */
  activeIndex: number;
}

const judges = (c: RubricCriterion, key: string) => (c.questions as readonly string[]).includes(key);

/**
 * Answers judged by a criterion first, in the rubric's order, so the essays the reviewer scores are
 * at the top; every other visible answer after them.
 */
export function orderAnswers(answers: readonly ReviewAnswer[], criteria: readonly RubricCriterion[]) {
  const judged: ReviewAnswer[] = [];
  const seen = new Set<string>();
  for (const c of criteria) {
    for (const key of c.questions as readonly string[]) {
      const answer = answers.find((a) => a.key === key);
      if (answer && !seen.has(key)) {
        judged.push(answer);
        seen.add(key);
      }
    }
  }
  return { judged, others: answers.filter((a) => !seen.has(a.key)) };
}

function AnswerItem({
  answer,
  judgedFor,
  highlighted,
}: {
  answer: ReviewAnswer;
  judgedFor: string[];
  highlighted: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-1.5 rounded-xl border px-4 py-3 transition-colors',
        highlighted ? 'border-brand-ink/60 bg-brand/5' : 'border-slate-200 bg-white',
      )}
      data-highlighted={highlighted || undefined}
    >
      <dt className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-slate-900">
        <span>{answer.label}</span>
        {judgedFor.map((name) => (
          <Badge key={name} tone={highlighted ? 'brand' : 'gray'}>
            {name}
          </Badge>
        ))}
      </dt>
      <dd className="flex flex-col gap-1">
        <p className="text-base leading-relaxed break-words whitespace-pre-wrap text-slate-800">
          {answer.value}
        </p>
        {answer.words !== null ? <p className="text-xs text-slate-600">{wordCount(answer.words)}</p> : null}
      </dd>
    </div>
  );
}

/** The application as blind review lets the reviewer see it. */
export function ApplicationPanel({ application, criteria, activeIndex }: ApplicationPanelProps) {
  const { judged, others } = orderAnswers(application.answers, criteria);
  const active = criteria[activeIndex];
  const judgedFor = (key: string) => criteria.filter((c) => judges(c, key)).map((c) => c.name);
  const item = (answer: ReviewAnswer) => (
    <AnswerItem
      key={answer.key}
      answer={answer}
      judgedFor={judgedFor(answer.key)}
      highlighted={active ? judges(active, answer.key) : false}
    />
  );

  return (
    <section aria-labelledby="review-application-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="review-application-title" className="text-xl font-semibold text-slate-900">
          {roleLabel(application.role)} Application
        </h2>
        {application.age !== null ? <Badge>Age {application.age}</Badge> : null}
        {application.resume_url ? (
          <Button asChild variant="secondary" size="sm" className="ml-auto">
            <a href={application.resume_url} target="_blank" rel="noopener noreferrer">
              <FileText aria-hidden="true" />
              Open Resume
            </a>
          </Button>
        ) : null}
      </div>
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
        Blind review: answers that could identify the applicant are hidden.
      </p>
      {judged.length > 0 ? (
        <dl className="flex flex-col gap-3" aria-label="Answers you score">
          {judged.map(item)}
        </dl>
      ) : null}
      {others.length > 0 ? (
        <>
          <h3 className="mt-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">Other Answers</h3>
          {/* Short answers, read at a glance: one dense row each, so the rubric is near on a phone. */}
          <dl
            className="grid gap-x-6 rounded-xl border border-slate-200 bg-white px-4 py-1 sm:grid-cols-2"
            aria-label="Other answers"
          >
            {others.map((answer) => (
              <div
                key={answer.key}
                className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 border-b border-slate-100 py-2 text-sm last:border-b-0"
              >
                <dt className="font-medium text-slate-600">{answer.label}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-900">
                  {answer.value}
                  {answer.words !== null ? (
                    <span className="block text-xs text-slate-600">{wordCount(answer.words)}</span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
