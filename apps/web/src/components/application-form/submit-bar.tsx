import { Button } from '@/components/ui/button';
import type { DraftSaveStatus } from './use-draft-autosave';
import { attentionText } from './first-error';
import { SaveIndicator } from './save-indicator';

/**
 * The last row of both application forms: the save status, how many answers need attention, and the
 * submit button.
 */
export function SubmitBar({
  saveStatus,
  submitCount,
  errorCount,
  submitting,
}: {
  saveStatus: DraftSaveStatus;
  submitCount: number;
  errorCount: number;
  submitting: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <SaveIndicator status={saveStatus} announce={false} className="hidden sm:flex" />
        <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
          {submitCount > 0 && errorCount > 0 ? `${attentionText(errorCount)}.` : ''}
        </p>
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        Submit Application
      </Button>
    </div>
  );
}
