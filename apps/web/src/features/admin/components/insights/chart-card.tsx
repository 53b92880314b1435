import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Download, Table2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { chartSvg, saveCsv, savePng, saveSvg, type ChartTable } from './chart-export';

interface QueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ChartCardProps {
  /** Names the files it saves (`insights-<name>_<time>.csv`) and its test id. */
  name: string;
  title: string;
  /** One sentence saying what the chart shows, for everyone (and the chart's description). */
  summary: string | undefined;
  table: ChartTable | undefined;
  /** Per table row, the Applications list filtered to it (or null): the keyboard's way to a bar's list. */
  rowLinks?: readonly (string | null)[];
  query: QueryState;
  /** Said instead of the chart when there is nothing to draw. */
  empty?: string | null;
  /** Controls of the chart's own (a view toggle). */
  controls?: ReactNode;
  /** Drawn under the chart (a list the caterer reads, a note). */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * One panel of the Insights tab: a text title and summary, the chart, and its numbers as a table
 * (always there for screen readers, shown on request for everyone), with CSV, SVG and PNG downloads.
 */
export function ChartCard(props: ChartCardProps) {
  const { name, title, summary, table, rowLinks, query, empty, controls, footer, className, children } =
    props;
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const ready = !query.isPending && !query.isError && table !== undefined;
  const drawable = ready && !empty;
  const file = `insights-${name}`;

  const save = (kind: 'svg' | 'png') => {
    const svg = chartSvg(frame.current);
    if (!svg) return;
    if (kind === 'svg') saveSvg(svg, title, file);
    else
      savePng(svg, title, file).catch(() =>
        toast.error('Error', { description: 'The picture could not be saved. Try SVG instead.' }),
      );
  };

  return (
    <Card
      aria-labelledby={`${id}-title`}
      data-testid={`insight-${name}`}
      className={cn('flex min-w-0 flex-col gap-3 p-4 sm:p-5', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          <p id={`${id}-summary`} className="text-sm text-slate-700" aria-live="polite">
            {query.isError ? 'These numbers could not be loaded.' : ready ? summary : 'Loading...'}
          </p>
        </div>
        {controls}
      </div>

      {query.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-800">
          Failed to load this chart.
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : !ready ? (
        <div className="flex h-40 items-center justify-center text-slate-600">
          <Spinner />
        </div>
      ) : empty ? (
        <p className="rounded-lg bg-slate-50 px-4 py-8 text-center text-sm text-slate-700">{empty}</p>
      ) : (
        <figure
          ref={frame}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-summary`}
          className="min-w-0"
        >
          {children}
        </figure>
      )}

      {footer && ready ? footer : null}

      {ready && table ? (
        <>
          <div className="flex flex-wrap gap-0.5 border-t border-slate-100 pt-2 [&_button]:px-2">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable((v) => !v)}
            >
              <Table2 aria-hidden="true" />
              {showTable ? 'Hide table' : 'Show table'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => saveCsv(table, file)}
              aria-label={`Download ${title} as CSV`}
            >
              <Download aria-hidden="true" />
              CSV
            </Button>
            {drawable ? (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => save('svg')}
                  aria-label={`Download ${title} as SVG`}
                >
                  <Download aria-hidden="true" />
                  SVG
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => save('png')}
                  aria-label={`Download ${title} as PNG`}
                >
                  <Download aria-hidden="true" />
                  PNG
                </Button>
              </>
            ) : null}
          </div>
          <div id={`${id}-table`} className={showTable ? 'max-h-96 overflow-auto' : 'sr-only'}>
            <Table>
              <caption className="sr-only">{title}</caption>
              <THead>
                <Tr>
                  {table.columns.map((column) => (
                    <Th key={column}>{column}</Th>
                  ))}
                  {rowLinks?.some(Boolean) ? <Th>List</Th> : null}
                </Tr>
              </THead>
              <TBody>
                {table.rows.map((row, i) => (
                  <Tr key={i}>
                    {row.map((cell, j) => (
                      <Td key={j} className={typeof cell === 'number' ? 'tabular-nums' : undefined}>
                        {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                      </Td>
                    ))}
                    {rowLinks?.some(Boolean) ? (
                      <Td>
                        {rowLinks[i] ? (
                          <Link to={rowLinks[i]} className="text-brand-ink underline underline-offset-4">
                            Open list<span className="sr-only">: {String(row[0])}</span>
                          </Link>
                        ) : null}
                      </Td>
                    ) : null}
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      ) : null}
    </Card>
  );
}
