import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { CUSTOM_SECTIONS, SECTION_LABELS, type CustomQuestion } from '@lanyard/shared/questions/custom';
import {
  CustomFormProvider,
  CustomQuestions,
} from '@/components/application-form/custom-questions/custom-questions';
import { customDefaults } from '@/components/application-form/custom-questions/custom-values';
import { cn } from '@/lib/utils';
import { ViewToggle } from '../insights/view-toggle';

type Width = 'phone' | 'laptop';

/**
 * The form's custom questions as an applicant sees them, drawn by the form's own components, at a
 * phone's width or a laptop's; answering them shows the conditional ones come and go. Built-in
 * questions are left out, so one shown only on a built-in answer does not appear here.
 */
export function QuestionsPreview({
  role,
  questions,
}: {
  role: ApplicantRole;
  questions: readonly CustomQuestion[];
}) {
  const [width, setWidth] = useState<Width>('phone');
  const asked = useMemo(
    () => questions.filter((q) => q.role === role && !q.hidden).sort((a, b) => a.position - b.position),
    [questions, role],
  );
  // A fresh form per set of questions: the preview's answers are thrown away, never saved.
  const key = asked.map((q) => `${q.id}:${q.version}`).join(',');
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Preview</h4>
        <ViewToggle
          label="Preview width"
          value={width}
          onChange={setWidth}
          options={[
            { value: 'phone', label: 'Phone' },
            { value: 'laptop', label: 'Laptop' },
          ]}
        />
      </div>
      {asked.length === 0 ? (
        <p className="text-sm text-slate-700">This form has no custom questions yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <div
            data-testid="questions-preview"
            className={cn(
              'mx-auto rounded-xl bg-white p-4 shadow-sm',
              width === 'phone' ? 'w-[390px]' : 'w-full max-w-3xl',
            )}
          >
            <PreviewForm key={key} role={role} questions={asked} />
          </div>
        </div>
      )}
    </div>
  );
}

function PreviewForm({ role, questions }: { role: ApplicantRole; questions: readonly CustomQuestion[] }) {
  const form = useForm({ defaultValues: customDefaults(questions, null) });
  const sections = CUSTOM_SECTIONS[role].filter((s) => questions.some((q) => q.section === s));
  return (
    <CustomFormProvider form={form} questions={questions}>
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Form preview"
      >
        {sections.map((section) => (
          <fieldset key={section} className="flex flex-col gap-4">
            <legend className="mb-2 text-base font-semibold text-slate-900">{SECTION_LABELS[section]}</legend>
            <CustomQuestions section={section} />
          </fieldset>
        ))}
      </form>
    </CustomFormProvider>
  );
}
