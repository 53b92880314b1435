import { useEffect, useState } from 'react';
import { AlertTriangle, Eye, EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { useDecisionsPreview } from '../../api/decisions-preview';
import { useSetDecisionsReleased } from '../../api/decisions-release';
import { useDecisionsStatus } from '../../api/decisions-status';
import { releaseToast } from '../../lib/release-summary';
import { ReleasePreview } from './release-preview';

const ROLES: { role: ApplicantRole; title: string; plural: string }[] = [
  { role: 'hacker', title: 'Hacker Decisions', plural: 'hackers' },
  { role: 'mentor', title: 'Mentor Decisions', plural: 'mentors' },
];

interface Pending {
  role: ApplicantRole;
  release: boolean;
}

function affectedText(n: number): string {
  return `${n} ${n === 1 ? 'applicant' : 'applicants'}`;
}

export function DecisionManagementCard() {
  const status = useDecisionsStatus();
  const mutation = useSetDecisionsReleased();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [sendEmail, setSendEmail] = useState(true);
  const preview = useDecisionsPreview(confirming?.release ? confirming.role : null);

  const open = (next: Pending) => {
    setSendEmail(true);
    setConfirming(next);
  };

  useEffect(() => {
    if (status.isError) toast.error('Error', { description: 'Failed to load application settings.' });
  }, [status.isError]);

  const run = () => {
    if (!confirming) return;
    const { role, release } = confirming;
    const previewEmails = release ? (preview.data?.emails ?? null) : null;
    mutation.mutate(
      { role, release, sendEmail },
      {
        onSuccess: (result) => {
          setConfirming(null);
          const who = role === 'mentor' ? 'Mentor' : 'Hacker';
          if (release) {
            toast.success('Decisions Released!', {
              description: releaseToast(result, previewEmails, sendEmail),
            });
          } else {
            toast.success('Decisions Unreleased', {
              description: `${who} decisions are hidden again from ${affectedText(result.affected)}.`,
            });
          }
        },
        onError: () => {
          setConfirming(null);
          toast.error('Error', {
            description: release ? 'Failed to release decisions' : 'Failed to unrelease decisions',
          });
        },
      },
    );
  };

  const confirmingRole = ROLES.find((r) => r.role === confirming?.role);

  return (
    <Card aria-labelledby="decision-management-title">
      <CardHeader>
        <CardTitle id="decision-management-title">Decision Management</CardTitle>
        <CardDescription>
          Show or hide accept, reject and waitlist decisions on applicants' dashboards.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Alert tone="warning">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription className="mt-0">
            These actions affect every applicant of that role with a finalized decision (accepted, rejected or
            waitlisted): releasing shows them their decision; unreleasing hides it again.
          </AlertDescription>
        </Alert>
        {status.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">Failed to load application settings.</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          {ROLES.map(({ role, title }) => {
            const released = status.data?.[role];
            const known = released !== undefined;
            const busy = mutation.isPending && mutation.variables?.role === role;
            return (
              <section
                key={role}
                aria-labelledby={`decisions-${role}`}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`decisions-${role}`} className="font-semibold text-slate-900">
                    {title}
                  </h3>
                  {known ? (
                    <Badge tone={released ? 'green' : 'gray'} data-testid={`decisions-${role}-status`}>
                      {released ? 'Released' : 'Not Released'}
                    </Badge>
                  ) : (
                    <Badge tone="gray">Loading...</Badge>
                  )}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="destructive"
                    size="sm"
                    disabled={!known || released || busy}
                    onClick={() => open({ role, release: true })}
                  >
                    <Eye aria-hidden="true" />
                    Release {role === 'mentor' ? 'Mentor' : 'Hacker'} Decisions
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!known || !released || busy}
                    onClick={() => open({ role, release: false })}
                  >
                    <EyeOff aria-hidden="true" />
                    Unrelease {role === 'mentor' ? 'Mentor' : 'Hacker'} Decisions
                  </Button>
                </div>
              </section>
            );
          })}
        </div>
      </CardContent>
      <TypedConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Are you sure?"
        description={
          confirming?.release
            ? `This releases decisions to all ${confirmingRole?.plural ?? 'applicants'} with a finalized decision: they will see whether they were accepted, rejected or waitlisted.`
            : `This hides decisions again from all ${confirmingRole?.plural ?? 'applicants'}: their dashboards go back to "Under Review". E-mails already sent cannot be recalled: applicants who got their decision by e-mail keep it.`
        }
        confirmText="confirm"
        actionLabel={confirming?.release ? 'Release Decisions' : 'Unrelease Decisions'}
        destructive={confirming?.release ?? false}
        pending={mutation.isPending}
        actionDisabled={Boolean(confirming?.release) && preview.isPending && !preview.isError}
        wide={confirming?.release ?? false}
        onConfirm={run}
      >
        {confirming?.release ? (
          <ReleasePreview
            role={confirming.role}
            preview={preview.data}
            loading={preview.isPending}
            error={preview.isError}
            onRetry={() => void preview.refetch()}
            sendEmail={sendEmail}
            onSendEmailChange={setSendEmail}
          />
        ) : null}
      </TypedConfirmDialog>
    </Card>
  );
}
