import type { ApplicationReviewSummary, RankingMethod } from '@lanyard/shared/review';
import { formatCount } from './labels';

/**
 * How the admin portal words review numbers: the Applications list's Reviews and Score columns, the
 * detail dialog's Reviews section, the Reviewers view and the decide-by-score preview.
 */

/** A score as organisers compare them: one decimal ("4.3"). */
export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : score.toFixed(1);
}

/** A score to two decimals, where raw and calibrated are compared side by side. */
export function formatScoreExact(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : score.toFixed(2);
}

/** "2/2": reviews done of those needed (k, plus one when disputed). */
export function reviewsLabel(r: Pick<ApplicationReviewSummary, 'review_count' | 'reviews_needed'>): string {
  return `${r.review_count}/${r.reviews_needed}`;
}

/** "4.3 · #12", or "—" before any review. */
export function scoreLabel(r: Pick<ApplicationReviewSummary, 'score' | 'rank'>): string {
  if (r.score === null) return '—';
  return r.rank === null ? formatScore(r.score) : `${formatScore(r.score)} · #${formatCount(r.rank)}`;
}

/** What a screen reader hears for the Score cell: "4.3, rank 12 in the role". */
export function scoreSpoken(r: Pick<ApplicationReviewSummary, 'score' | 'rank'>): string {
  if (r.score === null) return 'Not scored yet';
  return r.rank === null
    ? formatScore(r.score)
    : `${formatScore(r.score)}, rank ${formatCount(r.rank)} in the role`;
}

/**
 * Which score the ranking uses, as far as a row tells: the one equal to `score`. When raw and
 * calibrated are equal (too few reviews to calibrate, say) it makes no difference, and null says so.
 */
export function rankingBasis(
  r: Pick<ApplicationReviewSummary, 'score' | 'score_raw' | 'score_calibrated'>,
): RankingMethod | null {
  if (r.score === null) return null;
  if (r.score_raw === r.score_calibrated) return null;
  if (r.score === r.score_calibrated) return 'calibrated';
  if (r.score === r.score_raw) return 'raw';
  return null;
}

/** The Score cell's hover text: "Raw 4.25, calibrated 4.31; ranked by calibrated". */
export function scoreDetail(r: ApplicationReviewSummary): string {
  if (r.score === null) return 'Not scored yet';
  const parts = `Raw ${formatScoreExact(r.score_raw)}, calibrated ${formatScoreExact(r.score_calibrated)}`;
  const basis = rankingBasis(r);
  return basis ? `${parts}; ranked by ${basis}` : parts;
}

/** "1 minute 12 seconds" style, short: "1 min 12 s", "45 s", "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m < 60) return rest ? `${m} min ${rest} s` : `${m} min`;
  const h = Math.floor(m / 60);
  const mins = m % 60;
  return mins ? `${h} h ${mins} min` : `${h} h`;
}

/** "Sat 12 Dec": the day the reviews will be done at the current pace. */
export function formatFinishDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'short' });
  const day = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  return `${weekday} ${day}`;
}

export interface ReviewProgressNumbers {
  reviews_needed: number;
  reviews_done: number;
  pace_per_day: number;
  estimated_finish: string | null;
}

/** "1,234 of 10,000 reviews done" (the reviews still needed plus those done make the whole). */
export function progressLine(p: Pick<ReviewProgressNumbers, 'reviews_needed' | 'reviews_done'>): string {
  const total = p.reviews_done + p.reviews_needed;
  return `${formatCount(p.reviews_done)} of ${formatCount(total)} ${total === 1 ? 'review' : 'reviews'} done`;
}

/** 0..100 for the progress bar. */
export function progressPercent(p: Pick<ReviewProgressNumbers, 'reviews_needed' | 'reviews_done'>): number {
  const total = p.reviews_done + p.reviews_needed;
  return total === 0 ? 100 : (p.reviews_done / total) * 100;
}

/** When the work ends at the pace of the last 3 days, or that there is no pace to go by. */
export function paceLine(p: ReviewProgressNumbers): string {
  if (p.reviews_needed === 0) return 'Every application has all the reviews it needs.';
  if (p.pace_per_day <= 0 || !p.estimated_finish) return 'No reviews in the last 3 days.';
  // A slow trickle keeps its decimal ("0.7 a day"), so it never reads as "0 a day".
  const pace =
    p.pace_per_day < 10 ? String(Number(p.pace_per_day.toFixed(1))) : formatCount(Math.round(p.pace_per_day));
  return `At the current pace (${pace} a day) the reviews will be done on ${formatFinishDay(p.estimated_finish)}.`;
}
