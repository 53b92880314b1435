import { useState, type FormEvent } from 'react';
import { RotateCcw, Save } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminSettings } from '@lanyard/shared/settings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateSettings } from '../../api/settings-update';
import { AccessCodesCard } from './access-codes-card';
import { ApplicationStatusCard } from './application-status-card';
import { ApplicationWindowCard } from './application-window-card';
import { RsvpCard } from './rsvp-card';
import {
  buildUpdateBody,
  isDirty,
  previewWindow,
  toDraft,
  type DraftErrors,
  type SettingsDraft,
} from './settings-draft';

export const SAVE_SETTINGS_ERROR = 'Failed to save settings.';

interface SettingsFormProps {
  saved: AdminSettings;
  reloading: boolean;
  onReload: () => void;
  onSaved: () => void;
}

export function SettingsForm({ saved, reloading, onReload, onSaved }: SettingsFormProps) {
  const [initial, setInitial] = useState(() => toDraft(saved));
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [errors, setErrors] = useState<DraftErrors>({});
  const updateSettings = useUpdateSettings();
  const dirty = isDirty(initial, draft);

  const patch = (changes: Partial<SettingsDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const built = buildUpdateBody(initial, draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    updateSettings.mutate(built.body, {
      onSuccess: (next) => {
        toast.success('Settings Saved', { description: next.message });
        onSaved();
      },
      onError: () => toast.error('Error', { description: SAVE_SETTINGS_ERROR }),
    });
  };

  const busy = updateSettings.isPending || reloading;

  return (
    <form onSubmit={save} noValidate aria-label="Application settings" className="flex flex-col gap-4">
      <ApplicationStatusCard saved={saved} projected={dirty ? previewWindow(draft, new Date()) : null} />
      <ApplicationWindowCard draft={draft} errors={errors} onChange={patch} />
      <RsvpCard draft={draft} errors={errors} onChange={patch} />
      <AccessCodesCard
        codes={draft.codes}
        onChange={(codes) => patch({ codes })}
        onGenerated={(code, savedCodes) => {
          // The server stores a generated code at once: it is saved, not a pending edit.
          setInitial((i) => ({ ...i, codes: savedCodes }));
          setDraft((d) => ({ ...d, codes: d.codes.includes(code) ? d.codes : [...d.codes, code] }));
        }}
      />

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-1 py-3">
        <p className="w-full text-sm text-slate-600 sm:mr-auto sm:w-auto" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button variant="secondary" onClick={onReload} disabled={busy}>
          {reloading ? <Spinner className="size-4" /> : <RotateCcw aria-hidden="true" />}
          Reset Changes
        </Button>
        <Button type="submit" disabled={busy || !dirty}>
          {updateSettings.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
