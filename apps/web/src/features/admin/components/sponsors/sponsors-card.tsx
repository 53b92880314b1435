import { toast } from 'sonner';
import { BOOK_RULE_LABELS, BOOK_RULES, type AdminSponsor, type BookRule } from '@lanyard/shared/sponsors';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useSetBookRule, useSponsors, useUpdateSponsor } from '../../api/sponsors';
import { AddSponsorDialog } from './add-sponsor-dialog';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function windowState(s: AdminSponsor, now: number): { label: string; tone: 'green' | 'yellow' | 'gray' } {
  if (now < Date.parse(s.access_from)) return { label: 'Not yet open', tone: 'yellow' };
  if (now >= Date.parse(s.access_until)) return { label: 'Ended', tone: 'gray' };
  return { label: 'Open', tone: 'green' };
}

/** Users tab: the sponsor accounts, what each has viewed and downloaded, and who the book lists. */
export function SponsorsCard() {
  const sponsors = useSponsors();
  const update = useUpdateSponsor();
  const setRule = useSetBookRule();
  const now = Date.now();

  const endNow = (s: AdminSponsor) =>
    update.mutate(
      { id: s.user_id, body: { access_until: new Date().toISOString() } },
      {
        onSuccess: () => toast.success('Success', { description: `${s.company}'s access has ended.` }),
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Could not end access.') }),
      },
    );

  return (
    <Card className="flex flex-col gap-4 p-4" aria-labelledby="sponsors-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sponsors-title" className="text-lg font-semibold text-slate-900">
          Sponsors and the resume book
        </h3>
        <AddSponsorDialog />
      </div>
      <div className="grid max-w-xl gap-1">
        <Label htmlFor="book-rule">Who the resume book lists (among those who consented, 18 or over)</Label>
        <NativeSelect
          id="book-rule"
          value={sponsors.data?.book_rule ?? 'confirmed'}
          disabled={!sponsors.data || setRule.isPending}
          onChange={(e) =>
            setRule.mutate(e.target.value as BookRule, {
              onError: (err) => toast.error('Error', { description: errorMessage(err, 'Could not save.') }),
            })
          }
        >
          {BOOK_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {BOOK_RULE_LABELS[rule]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {sponsors.isPending ? (
        <Spinner />
      ) : sponsors.isError ? (
        <Alert tone="error">
          <AlertDescription>{errorMessage(sponsors.error, 'Failed to load sponsors.')}</AlertDescription>
        </Alert>
      ) : sponsors.data.sponsors.length === 0 ? (
        <p className="text-sm text-slate-700">No sponsor accounts yet.</p>
      ) : (
        <Table aria-label="Sponsors">
          <THead>
            <Tr>
              <Th>Company</Th>
              <Th>Access</Th>
              <Th className="text-right">Resumes viewed</Th>
              <Th className="text-right">Downloaded</Th>
              <Th>Last activity</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {sponsors.data.sponsors.map((s) => {
              const state = windowState(s, now);
              return (
                <Tr key={s.user_id}>
                  <Td className="min-w-60">
                    <p className="font-medium text-slate-900">{s.company}</p>
                    <p className="text-sm break-all text-slate-600">{s.email}</p>
                  </Td>
                  <Td className="min-w-52 text-sm">
                    <Badge tone={state.tone}>{state.label}</Badge>
                    <p className="mt-1 text-slate-700">
                      {when(s.access_from)} – {when(s.access_until)}
                    </p>
                  </Td>
                  <Td className="text-right tabular-nums">{s.resumes_viewed}</Td>
                  <Td className="text-right tabular-nums">{s.resumes_downloaded}</Td>
                  <Td className="text-sm">{s.last_activity_at ? when(s.last_activity_at) : 'Never'}</Td>
                  <Td>
                    {state.label === 'Open' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={update.isPending}
                        onClick={() => endNow(s)}
                      >
                        End access
                      </Button>
                    ) : null}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
