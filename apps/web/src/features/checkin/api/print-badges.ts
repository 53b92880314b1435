import { useMutation } from '@tanstack/react-query';
import { BADGE_SELECTION_MAX, BADGES_UNPRINTABLE_HEADER, type BadgesRequest } from '@lanyard/shared/badges';
import { downloadFile, type DownloadProgress } from '@/components/ui/download';
import { getCheckinRecords } from './get-checkin-records';
import type { CheckinListParams } from '../lib/filters';

/** The records API's largest page: five pages hold a whole selection. */
const PAGE = 200;

/** The ids of every record the list's filters match (at most BADGE_SELECTION_MAX). */
export async function filteredRecordIds(params: CheckinListParams): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < BADGE_SELECTION_MAX; page++) {
    const res = await getCheckinRecords({ ...params, page }, undefined, PAGE);
    ids.push(...res.records.map((r) => r._id));
    if (page >= res.pages) break;
  }
  return ids.slice(0, BADGE_SELECTION_MAX);
}

export interface PrintBadgesInput {
  scope: BadgesRequest['scope'];
  layout: BadgesRequest['layout'];
  /** For a selection: the list's filters, whose records are printed. */
  filters?: CheckinListParams;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface PrintedBadges {
  fileName: string;
  /** Badges whose name or pronoun prints as boxes: no font on the server has some of its letters. */
  unprintable: number;
}

/** POST /api/checkin/badges.pdf, saved as badges-<layout>.pdf. */
export async function printBadges({
  scope,
  layout,
  filters,
  onProgress,
}: PrintBadgesInput): Promise<PrintedBadges> {
  const body: BadgesRequest =
    scope === 'selected' && filters
      ? { scope, layout, ids: await filteredRecordIds(filters) }
      : { scope, layout };
  const fileName = `badges-${layout}.pdf`;
  let unprintable = 0;
  await downloadFile('/api/checkin/badges.pdf', fileName, {
    method: 'POST',
    body,
    onProgress,
    onHeaders: (headers) => {
      unprintable = Number(headers.get(BADGES_UNPRINTABLE_HEADER)) || 0;
    },
  });
  return { fileName, unprintable };
}

export function usePrintBadges() {
  return useMutation({ mutationFn: printBadges });
}
