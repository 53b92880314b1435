import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAdmissions } from '../../api/admissions-get';
import { AdmissionsExtend } from './admissions-extend';
import { AdmissionsPromotion } from './admissions-promotion';
import { AdmissionsRoleBlock } from './admissions-role';

export const LOAD_ADMISSIONS_ERROR = 'Failed to load the admissions.';

/**
 * Admissions to capacity, first on the Bulk Actions tab so the numbers are in view before deciding:
 * per role the places, the answers so far and the attendance to expect. Read again each time the
 * tab opens and after anything here changes an application.
 */
export function AdmissionsCard() {
  const admissions = useAdmissions();

  useEffect(() => {
    if (admissions.isError) toast.error('Error', { description: LOAD_ADMISSIONS_ERROR });
  }, [admissions.isError]);

  return (
    <Card aria-labelledby="admissions-title">
      <CardHeader>
        <CardTitle id="admissions-title">Admissions</CardTitle>
        <CardDescription>
          Places, answers and the attendance to expect for each role. The places and the shares that turn
          offers into attendees are set under Settings, Capacity.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {admissions.isPending ? (
          <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-700">
            <Spinner className="size-4" /> Loading admissions...
          </p>
        ) : admissions.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_ADMISSIONS_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void admissions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : admissions.data.roles.length === 0 ? (
          <p className="py-4 text-sm text-slate-600">Nothing to show yet.</p>
        ) : (
          <div className="flex flex-col gap-4">
            <AdmissionsPromotion settings={admissions.data.settings} />
            <div className="grid gap-4 md:grid-cols-2">
              {admissions.data.roles.map((role) => (
                <AdmissionsRoleBlock key={role.role} role={role} settings={admissions.data.settings} />
              ))}
            </div>
            <AdmissionsExtend offersExpire={admissions.data.settings.offer_days !== null} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
