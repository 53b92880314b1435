import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAdminSettings } from '../../api/settings-get';
import { useRevealOnHash } from '../../hooks/use-reveal-on-hash';
import { CAPACITY_SECTION_ID, CAPACITY_TITLE_ID, CapacityCard } from './capacity-card';
import { QuestionsCard } from '../questions/questions-card';
import { EmailTemplatesCard } from './email-templates-card';
import { RetentionCard } from './retention-card';
import { ReviewSettingsCard } from './review-settings-card';
import { SettingsForm } from './settings-form';

export const LOAD_SETTINGS_ERROR = 'Failed to load application settings.';

/**
 * Admin portal, settings tab: application windows, decisions, access codes, the forms' custom
 * questions, capacity, review, e-mail templates and data retention.
 */
export function SettingsTab() {
  const settings = useAdminSettings();
  // Bumped to start the form again from the saved settings (after Save or Reset Changes).
  const [formKey, setFormKey] = useState(0);
  const [reloading, setReloading] = useState(false);
  // The settings form above the Capacity card changes height as it loads: land on the card after.
  useRevealOnHash(CAPACITY_SECTION_ID, CAPACITY_TITLE_ID, !settings.isPending);

  useEffect(() => {
    if (settings.isError) toast.error('Error', { description: LOAD_SETTINGS_ERROR });
  }, [settings.isError]);

  const reload = async () => {
    setReloading(true);
    const result = await settings.refetch();
    setReloading(false);
    if (!result.isError) setFormKey((k) => k + 1);
  };

  return (
    <section aria-labelledby="settings-tab-title" className="flex flex-col gap-4">
      <h2 id="settings-tab-title" className="text-xl font-semibold text-slate-900">
        Application Control
      </h2>
      {settings.isError ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_SETTINGS_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {settings.isPending ? (
        <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-700">
          <Spinner /> Loading settings...
        </p>
      ) : settings.data ? (
        <SettingsForm
          key={formKey}
          saved={settings.data}
          reloading={reloading}
          onReload={() => void reload()}
          onSaved={() => setFormKey((k) => k + 1)}
        />
      ) : null}
      {/* Each saved on its own, never by the Save Changes above. */}
      <QuestionsCard />
      <CapacityCard />
      <ReviewSettingsCard />
      <EmailTemplatesCard />
      <RetentionCard />
    </section>
  );
}
