import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PAGE_SIZE } from '@lanyard/shared/constants';
import { applicationDetailQueryOptions } from '../api/applications-detail';
import { applicationsQueryOptions, type getApplications } from '../api/applications-list';
import type { ApplicationListParams } from '../lib/application-filters';
import { detailPosition, landingId, type DetailPosition, type Step } from '../lib/detail-position';

/** A page loaded this recently is used as it is for a step; older (or invalidated) is loaded again. */
const STEP_FRESH_MS = 30_000;
/** After a decision the list was just refetched: only pages invalidated since are loaded again. */
const SETTLE_FRESH_MS = 5_000;

/** An application to show, with the page it is on and its row there. */
export interface Target {
  id: string;
  page: number;
  index: number;
}

export interface DetailNavigation {
  /** The application open in the dialog, or null when it is closed. */
  viewing: string | null;
  open: (id: string) => void;
  close: () => void;
  /** Null until the list is loaded. */
  position: DetailPosition | null;
  /** A step to another page is loading. */
  moving: boolean;
  /**
   * The application open right now and whether a step is under way, read at the moment of a
   * keypress: a key handled before React has rendered the last step must not act on the one
   * still on screen.
   */
  current: () => string | null;
  isMoving: () => boolean;
  previous: () => void;
  next: () => void;
  /** The application after the open one, looked up now: before a decision reorders the list. */
  peekNext: () => Promise<Target | null>;
  /** Shows `target` after a decision, found again in the refreshed list (it may have moved up). */
  settleOn: (target: Target) => Promise<void>;
}

interface Options {
  /** The list query the table shows, page included. */
  params: ApplicationListParams;
  /** The table's list query result (same key, so the same cache entries). */
  list: { data: ListResponse | undefined; isPlaceholderData: boolean };
  /** Moves the table to the page the dialog has stepped onto. */
  onPageChange: (page: number) => void;
}

type ListResponse = Awaited<ReturnType<typeof getApplications>>;

const LOAD_ERROR = 'Failed to load applications';

/**
 * Previous and Next through the whole filtered list for the application detail dialog: within the
 * table's page from its rows, across pages by loading the neighbour page with the table's own query
 * (so the cache is shared) and moving the table along.
 */
export function useDetailNavigation({ params, list, onPageChange }: Options): DetailNavigation {
  const queryClient = useQueryClient();
  // The open application, with the page and row where it was last seen.
  const [cursor, setCursor] = useState<Target | null>(null);
  const [moving, setMoving] = useState(false);
  const movingRef = useRef(false);
  const currentRef = useRef<string | null>(null);
  // Each open and close starts a new session: a step or decision still loading from an earlier
  // one must not reopen the dialog or move the table.
  const session = useRef(0);

  const rows = list.isPlaceholderData ? undefined : list.data;
  const page = rows?.page ?? params.page;
  const ids = useMemo(() => rows?.applications.map((a) => a._id) ?? [], [rows]);
  const position = useMemo(() => {
    if (!cursor || !rows) return null;
    // Seen on another page (the table went back a page when a decision emptied the last one):
    // its gap is after this page's rows, or before them.
    const lastIndex = cursor.page === page ? cursor.index : cursor.page > page ? ids.length : 0;
    const list = {
      ids,
      page,
      pages: rows.pages,
      total: rows.total,
      capped: rows.total_capped,
      pageSize: PAGE_SIZE,
    };
    return detailPosition(list, cursor.id, lastIndex);
  }, [cursor, rows, ids, page]);

  // Remember where the open application stands, for when a decision takes it out of the list.
  const found = cursor ? ids.indexOf(cursor.id) : -1;
  useEffect(() => {
    if (found >= 0) {
      setCursor((c) => (c && (c.index !== found || c.page !== page) ? { ...c, index: found, page } : c));
    }
  }, [found, page]);

  const pageQuery = useCallback(
    (p: number, staleTime: number) => ({ ...applicationsQueryOptions({ ...params, page: p }), staleTime }),
    [params],
  );

  const resolve = useCallback(
    async (step: Step): Promise<Target | null> => {
      if ('id' in step) return { id: step.id, page: step.page, index: ids.indexOf(step.id) };
      const data = await queryClient.fetchQuery(pageQuery(step.page, STEP_FRESH_MS));
      const id = landingId(
        data.applications.map((a) => a._id),
        step.edge,
      );
      return id
        ? { id, page: step.page, index: step.edge === 'first' ? 0 : data.applications.length - 1 }
        : null;
    },
    [ids, pageQuery, queryClient],
  );

  const show = useCallback(
    (target: Target) => {
      if (target.page !== page) onPageChange(target.page);
      currentRef.current = target.id;
      setCursor(target);
    },
    [onPageChange, page],
  );

  const go = useCallback(
    async (step: Step | null | undefined) => {
      if (!step || movingRef.current) return;
      const mine = session.current;
      movingRef.current = true;
      setMoving(true);
      try {
        const target = await resolve(step);
        if (target && session.current === mine) show(target);
      } catch {
        toast.error('Error', { description: LOAD_ERROR });
      } finally {
        movingRef.current = false;
        setMoving(false);
      }
    },
    [resolve, show],
  );

  const peekNext = useCallback(async () => {
    try {
      return position?.next ? await resolve(position.next) : null;
    } catch {
      // The decision still goes ahead; the dialog just stays where it is.
      return null;
    }
  }, [position, resolve]);

  const settleOn = useCallback(
    async (target: Target) => {
      const mine = session.current;
      try {
        // The list was refetched with the decision: an application that left it made the rest move
        // up, so the target may now be on this page even if it was first on the next one.
        for (const p of [...new Set([page, target.page])]) {
          const data = await queryClient.fetchQuery(pageQuery(p, SETTLE_FRESH_MS));
          const index = data.applications.findIndex((a) => a._id === target.id);
          if (index >= 0) {
            if (session.current === mine) show({ id: target.id, page: p, index });
            return;
          }
        }
      } catch {
        // Shown where it was expected; the position says it is not in the list.
      }
      if (session.current === mine) show(target);
    },
    [page, pageQuery, queryClient, show],
  );

  // Neighbours are loaded ahead, so a step shows its application at once.
  const previousStep = position?.previous;
  const nextStep = position?.next;
  useEffect(() => {
    if (!cursor) return;
    for (const step of [nextStep, previousStep]) {
      if (!step) continue;
      const prefetchDetail = (id: string | null) =>
        id ? queryClient.prefetchQuery(applicationDetailQueryOptions(id)) : undefined;
      if ('id' in step) void prefetchDetail(step.id);
      else
        queryClient
          .fetchQuery(pageQuery(step.page, STEP_FRESH_MS))
          .then((data) =>
            prefetchDetail(
              landingId(
                data.applications.map((a) => a._id),
                step.edge,
              ),
            ),
          )
          // Only a head start: the step itself loads the page again and reports a failure.
          .catch(() => undefined);
    }
    // The steps are compared by what they point at, not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey(nextStep), stepKey(previousStep), Boolean(cursor)]);

  const open = useCallback(
    (id: string) => {
      session.current += 1;
      currentRef.current = id;
      setCursor({ id, page, index: ids.indexOf(id) });
    },
    [ids, page],
  );
  const close = useCallback(() => {
    session.current += 1;
    currentRef.current = null;
    setCursor(null);
  }, []);
  const current = useCallback(() => currentRef.current, []);
  const isMoving = useCallback(() => movingRef.current, []);

  return {
    viewing: cursor?.id ?? null,
    open,
    close,
    position,
    moving,
    current,
    isMoving,
    previous: () => void go(position?.previous),
    next: () => void go(position?.next),
    peekNext,
    settleOn,
  };
}

function stepKey(step: Step | null | undefined): string {
  if (!step) return '';
  return 'id' in step ? `id:${step.id}` : `page:${step.page}:${step.edge}`;
}
