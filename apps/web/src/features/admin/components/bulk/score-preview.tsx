import type { DecideByScorePreview } from '@lanyard/shared/review';
import { Badge } from '@/components/ui/badge';
import { formatCount, statusTone } from '../../lib/labels';
import { BAND_LABELS, changesLine, flaggedNote, previewSummary } from '../../lib/decide-by-score';
import { formatScoreExact } from '../../lib/review-labels';
import { PeopleList } from './people-list';

/**
 * What deciding by score would do: the counts, and per band (accept, waitlist, reject) its score
 * range and the names at its top and bottom, so the cut-offs can be checked against people.
 */
export function ScorePreview({
  preview: p,
  includeFlagged,
}: {
  preview: DecideByScorePreview;
  includeFlagged: boolean;
}) {
  const note = flaggedNote(p, includeFlagged);
  return (
    <section
      aria-labelledby="score-preview-title"
      className="flex min-w-0 flex-col gap-3"
      data-testid="score-preview"
    >
      <h3 id="score-preview-title" className="text-base font-semibold text-slate-900">
        Preview
      </h3>
      <div aria-live="polite" className="flex flex-col gap-1">
        <p className="text-sm font-medium text-slate-900" data-testid="score-preview-summary">
          {previewSummary(p)}
        </p>
        <p className="text-sm text-slate-700">
          {changesLine(p)}
          {note ? ` ${note}` : ''}
        </p>
      </div>
      {p.bands.length ? (
        <ul className="grid gap-3 md:grid-cols-3" aria-label="Decisions by band">
          {p.bands.map((band) => {
            const firstIds = new Set(band.first.map((x) => x.id));
            // A small band's first and last names overlap: each person is named once.
            const last = band.last.filter((x) => !firstIds.has(x.id));
            return (
              <li
                key={band.status}
                className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 p-3"
                data-testid={`score-band-${band.status}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Badge tone={statusTone(band.status)}>{BAND_LABELS[band.status]}</Badge>
                  <span className="text-sm font-semibold text-slate-900 tabular-nums">
                    {formatCount(band.count)} {band.count === 1 ? 'application' : 'applications'}
                  </span>
                </div>
                <dl className="flex flex-col gap-2">
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Scores</dt>
                    <dd className="text-sm text-slate-900 tabular-nums">
                      {band.max_score === null || band.min_score === null
                        ? '—'
                        : `${formatScoreExact(band.max_score)} down to ${formatScoreExact(band.min_score)}`}
                    </dd>
                  </div>
                  <PeopleList scoreText={formatScoreExact} label="First" people={band.first} />
                  <PeopleList scoreText={formatScoreExact} label="Last" people={last} />
                </dl>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
