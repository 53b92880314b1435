import { useEffect, useRef, useState } from 'react';
import { Braces, Mail, RotateCcw, Save, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { EMAIL_TEMPLATE_KEYS, emailTemplateSchema, type EmailTemplateKey } from '@lanyard/shared/email';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isClientError } from '@/lib/api-client';
import { useResetEmailTemplate } from '../../api/email-template-reset';
import { useUpdateEmailTemplate } from '../../api/email-template-update';
import { useEmailTemplates } from '../../api/email-templates-get';
import { TEMPLATE_LABELS } from '../../lib/email-filters';
import {
  insertAt,
  isTemplateDirty,
  PLACEHOLDER_HINTS,
  placeholderToken,
  type TemplateText,
} from './email-templates';
import { EmailTemplatePreview } from './email-templates-preview';

export const LOAD_TEMPLATES_ERROR = 'Failed to load the e-mail templates.';
export const SAVE_TEMPLATE_ERROR = 'Failed to save the template.';
export const RESET_TEMPLATE_ERROR = 'Failed to restore the default template.';

type Field = 'subject' | 'body';

/**
 * Settings tab, "E-mail Templates": the texts of the e-mails applicants receive, each saved on its
 * own (never mixed into the settings' Save Changes), with a live preview and a way back to the default.
 */
export function EmailTemplatesCard() {
  const templates = useEmailTemplates();
  const update = useUpdateEmailTemplate();
  const reset = useResetEmailTemplate();
  const [selected, setSelected] = useState<EmailTemplateKey>(EMAIL_TEMPLATE_KEYS[0]);
  // Unsaved edits per template: switching templates keeps them.
  const [drafts, setDrafts] = useState<Partial<Record<EmailTemplateKey, TemplateText>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');

  useEffect(() => {
    if (templates.isError) toast.error('Error', { description: LOAD_TEMPLATES_ERROR });
  }, [templates.isError]);

  const saved = templates.data?.templates.find((t) => t.key === selected);
  const current: TemplateText | undefined = drafts[selected] ?? saved;
  const dirty = saved !== undefined && isTemplateDirty(saved, drafts[selected]);
  const label = TEMPLATE_LABELS[selected];
  const placeholders = templates.data?.placeholders ?? [];

  const edit = (patch: Partial<TemplateText>) => {
    if (!current) return;
    setDrafts((d) => ({ ...d, [selected]: { subject: current.subject, body: current.body, ...patch } }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };

  const discard = () => {
    setDrafts(({ [selected]: _dropped, ...rest }) => rest);
    setErrors({});
  };

  const insert = (name: string) => {
    if (!current) return;
    const field = lastField.current;
    const el = field === 'subject' ? subjectRef.current : bodyRef.current;
    const token = placeholderToken(name);
    const { value, caret } = insertAt(current[field], token, el?.selectionStart, el?.selectionEnd);
    edit({ [field]: value });
    // Back to the field, the caret after the placeholder, once React has written the new value.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };

  const save = () => {
    if (!current) return;
    const parsed = emailTemplateSchema.safeParse({ subject: current.subject, body: current.body });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'subject' || key === 'body') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    const template = selected;
    update.mutate(
      { template, ...parsed.data },
      {
        onSuccess: () => {
          setDrafts(({ [template]: _saved, ...rest }) => rest);
          toast.success('Template Saved', {
            description: `"${TEMPLATE_LABELS[template]}" is saved: new e-mails use it.`,
          });
        },
        onError: (err) =>
          toast.error('Error', {
            description: isClientError(err) ? `${SAVE_TEMPLATE_ERROR} ${err.message}` : SAVE_TEMPLATE_ERROR,
          }),
      },
    );
  };

  const restoreDefault = () => {
    const template = selected;
    reset.mutate(template, {
      onSuccess: () => {
        setDrafts(({ [template]: _dropped, ...rest }) => rest);
        setErrors({});
        setConfirmReset(false);
        toast.success('Template Restored', {
          description: `"${TEMPLATE_LABELS[template]}" is back to the default text.`,
        });
      },
      onError: () => {
        setConfirmReset(false);
        toast.error('Error', { description: RESET_TEMPLATE_ERROR });
      },
    });
  };

  const busy = update.isPending || reset.isPending;

  return (
    <Card aria-labelledby="email-templates-title">
      <CardHeader className="pb-3">
        <CardTitle id="email-templates-title" className="flex items-center gap-2 text-base">
          <Mail aria-hidden="true" className="size-4 text-brand-ink" />
          E-mail Templates
        </CardTitle>
        <CardDescription>
          The e-mails applicants receive. Each template is saved on its own, apart from the settings above.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {templates.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_TEMPLATES_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void templates.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {templates.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
            <Spinner /> Loading templates...
          </p>
        ) : current && saved ? (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex flex-col gap-2 sm:w-72">
                <Label htmlFor="email-template-select">Template</Label>
                <NativeSelect
                  id="email-template-select"
                  value={selected}
                  onChange={(event) => {
                    setSelected(event.target.value as EmailTemplateKey);
                    setErrors({});
                  }}
                >
                  {EMAIL_TEMPLATE_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {TEMPLATE_LABELS[key]}
                      {drafts[key] ? ' (unsaved)' : ''}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="flex flex-wrap items-center gap-2 sm:pb-2.5" aria-live="polite">
                <Badge tone={saved.is_default ? 'gray' : 'blue'} data-testid="email-template-state">
                  {saved.is_default ? 'Default' : 'Customised'}
                </Badge>
                {dirty ? <span className="text-sm text-slate-600">Unsaved changes</span> : null}
              </div>
            </div>

            <div className="grid gap-5 lg:grid-cols-2">
              <div className="flex min-w-0 flex-col gap-4">
                <FormField id="email-template-subject" label="Subject" error={errors.subject}>
                  {(ctl) => (
                    <Input
                      {...ctl}
                      ref={subjectRef}
                      value={current.subject}
                      maxLength={200}
                      autoComplete="off"
                      onFocus={() => (lastField.current = 'subject')}
                      onChange={(event) => edit({ subject: event.target.value })}
                    />
                  )}
                </FormField>
                <FormField
                  id="email-template-body"
                  label="Body"
                  error={errors.body}
                  hint="Plain text. Blank lines start new paragraphs; links become clickable."
                >
                  {(ctl) => (
                    <Textarea
                      {...ctl}
                      ref={bodyRef}
                      value={current.body}
                      rows={14}
                      maxLength={20_000}
                      className="font-mono text-sm sm:text-[13px]"
                      onFocus={() => (lastField.current = 'body')}
                      onChange={(event) => edit({ body: event.target.value })}
                    />
                  )}
                </FormField>

                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-slate-800">
                    <Braces aria-hidden="true" className="size-4 text-slate-500" />
                    Placeholders
                  </legend>
                  <p className="text-xs text-slate-600">
                    Click one to insert it where the cursor is in the subject or the body.
                  </p>
                  <ul className="flex flex-wrap gap-2" aria-label="Placeholders">
                    {placeholders.map((name) => (
                      <li key={name}>
                        <Button
                          variant="secondary"
                          size="sm"
                          className="font-mono"
                          title={PLACEHOLDER_HINTS[name]}
                          aria-label={`Insert ${placeholderToken(name)}${PLACEHOLDER_HINTS[name] ? `: ${PLACEHOLDER_HINTS[name]}` : ''}`}
                          onMouseDown={(event) => event.preventDefault()}
                          onClick={() => insert(name)}
                        >
                          {placeholderToken(name)}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </fieldset>

                <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
                  <Button onClick={save} disabled={busy || !dirty}>
                    {update.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
                    {update.isPending ? 'Saving...' : 'Save Template'}
                  </Button>
                  <Button variant="ghost" onClick={discard} disabled={busy || !dirty}>
                    <Undo2 aria-hidden="true" />
                    Discard changes
                  </Button>
                  <Button
                    variant="secondary"
                    className="sm:ml-auto"
                    onClick={() => setConfirmReset(true)}
                    disabled={busy || saved.is_default}
                  >
                    <RotateCcw aria-hidden="true" />
                    Restore default
                  </Button>
                </div>
              </div>

              <EmailTemplatePreview template={selected} subject={current.subject} body={current.body} />
            </div>
          </>
        ) : null}
      </CardContent>

      <TypedConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Restore the default text?"
        description={
          <p>
            The template <span className="font-semibold text-slate-900">{label}</span> goes back to the text
            Lanyard ships with. Your customised subject and body are lost.
          </p>
        }
        confirmText="restore"
        actionLabel="Restore default"
        pending={reset.isPending}
        onConfirm={restoreDefault}
      />
    </Card>
  );
}
