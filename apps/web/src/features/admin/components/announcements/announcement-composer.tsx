import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Megaphone, Send } from 'lucide-react';
import { toast } from 'sonner';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_SUBJECT_MAX,
  ANNOUNCEMENT_VARIABLES,
  SEGMENT_PRESETS,
} from '@lanyard/shared/announcements';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import {
  useAnnouncementPreview,
  useCreateAnnouncement,
  useSendTestAnnouncement,
} from '../../api/announcements';
import {
  isSegmentChoice,
  readSegmentChoice,
  SEGMENT_CHOICE_LABELS,
  segmentOf,
  type SegmentChoice,
} from '../../lib/announcement-segment';
import {
  checkDraft,
  fieldErrorsOf,
  peopleCount,
  scheduledLabel,
  type DraftErrors,
  type When,
} from '../../lib/announcement-draft';
import { formatCount } from '../../lib/labels';
import { AnnouncementPreview } from './announcement-preview';
import { AnnouncementSchedule } from './announcement-schedule';

/** `value` once it has stopped changing for `delayMs` (compared by its JSON text). */
function useSettled<T>(value: T, delayMs: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(key), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}

/**
 * Write an announcement: who it goes to (a preset or a list's current filter), a subject and a
 * Markdown message with variables, a preview for a real recipient, a test to oneself, then send
 * now or at a chosen time.
 */
export function AnnouncementComposer() {
  const id = useId();
  const [searchParams] = useSearchParamsLatest();
  const [choice, setChoice] = useState<SegmentChoice>(() => readSegmentChoice(searchParams));
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [index, setIndex] = useState(0);
  const [when, setWhen] = useState<When>('now');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [confirming, setConfirming] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  // A list's "Announce to these" opens this tab with that list chosen, even when it is already open.
  const announced = searchParams.get('announce');
  useEffect(() => {
    if (isSegmentChoice(announced)) {
      setChoice(announced);
      setIndex(0);
    }
  }, [announced]);

  const segment = segmentOf(choice, searchParams);
  const ready = subject.trim() !== '' && body.trim() !== '';
  // The count is wanted before anything is written: placeholders stand in until then.
  const draft = { subject: subject.trim() || 'Subject', body: body.trim() || 'Message', segment, index };
  const settled = useSettled(draft, USER_SEARCH_DEBOUNCE_MS);
  const preview = useAnnouncementPreview(settled, true);
  const updating = preview.isFetching || JSON.stringify(settled) !== JSON.stringify(draft);
  const recipients = preview.data?.recipients;

  const sendTest = useSendTestAnnouncement();
  const create = useCreateAnnouncement();

  const showServerError = (err: unknown, fallback: string) => {
    const message = isApiError(err) ? err.message : fallback;
    const fields = fieldErrorsOf(message);
    setErrors(fields ?? { form: message });
  };

  const insertVariable = (name: string) => {
    const el = bodyRef.current;
    const token = `{{${name}}}`;
    const at = el ? el.selectionStart : body.length;
    const end = el ? el.selectionEnd : body.length;
    setBody(body.slice(0, at) + token + body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const onTest = () => {
    const problems = checkDraft({ subject, body, when: 'now', sendAt: '' });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    sendTest.mutate(
      { subject, body, segment, index: preview.data?.recipient ? index : 0 },
      {
        onSuccess: (res) =>
          toast.success('Test Sent', {
            description: `A test is on its way to ${res.to}. The E-mails tab shows when it goes out.`,
          }),
        onError: (err) => showServerError(err, 'The test could not be sent. Please try again.'),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkDraft({ subject, body, when, sendAt });
    setErrors(problems);
    if (!Object.keys(problems).length) setConfirming(true);
  };

  const onConfirm = () => {
    const at = when === 'later' ? new Date(sendAt).toISOString() : null;
    create.mutate(
      { subject, body, segment, send_at: at },
      {
        onSuccess: (a) => {
          setConfirming(false);
          toast.success(at ? 'Announcement Scheduled' : 'Announcement Sent', {
            description: at
              ? `It goes out ${scheduledLabel(at)} to everyone in the segment then.`
              : `Queued for ${peopleCount(a.recipients ?? 0)}. The E-mails tab shows each one go out.`,
          });
          setSubject('');
          setBody('');
          setIndex(0);
          setWhen('now');
          setSendAt('');
          setErrors({});
        },
        onError: (err) => {
          setConfirming(false);
          showServerError(err, 'The announcement could not be saved. Please try again.');
        },
      },
    );
  };

  const count = recipients === undefined ? null : recipients;
  const sendLabel =
    when === 'later'
      ? 'Schedule Announcement'
      : count === null
        ? 'Send Now'
        : `Send to ${peopleCount(count)}`;

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Megaphone aria-hidden="true" className="size-5 text-slate-500" />
          New Announcement
        </CardTitle>
        <CardDescription>
          An e-mail to everyone in a segment of the Applications or RSVP list, sent through the outbox.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="New announcement"
          onSubmit={onSubmit}
          className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
        >
          <div className="flex min-w-0 flex-col gap-5">
            <FormField
              id={`${id}-segment`}
              label="Send to"
              hint={
                preview.data ? (
                  <span data-testid="announcement-segment-summary">
                    {preview.data.segment_summary}: {peopleCount(preview.data.recipients)} now.
                  </span>
                ) : (
                  'Counting...'
                )
              }
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  value={choice}
                  onChange={(e) => {
                    setChoice(e.target.value as SegmentChoice);
                    setIndex(0);
                  }}
                >
                  {SEGMENT_PRESETS.map((p) => (
                    <option key={p.key} value={p.key}>
                      {p.label}
                    </option>
                  ))}
                  <option value="applications">{SEGMENT_CHOICE_LABELS.applications}</option>
                  <option value="rsvps">{SEGMENT_CHOICE_LABELS.rsvps}</option>
                </NativeSelect>
              )}
            </FormField>

            <FormField id={`${id}-subject`} label="Subject" error={errors.subject}>
              {(control) => (
                <Input
                  {...control}
                  value={subject}
                  maxLength={ANNOUNCEMENT_SUBJECT_MAX}
                  onChange={(e) => setSubject(e.target.value)}
                  placeholder="Doors open at 9, {{first_name}}!"
                />
              )}
            </FormField>

            <FormField
              id={`${id}-body`}
              label="Message"
              error={errors.body}
              hint="Markdown: **bold**, _italic_, [link text](https://…), lists with -. HTML is shown as text."
            >
              {(control) => (
                <Textarea
                  {...control}
                  ref={bodyRef}
                  value={body}
                  rows={10}
                  maxLength={ANNOUNCEMENT_BODY_MAX}
                  onChange={(e) => setBody(e.target.value)}
                  className="font-mono"
                />
              )}
            </FormField>
            <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Insert a variable">
              <span className="mr-1 text-xs text-slate-600">Insert:</span>
              {ANNOUNCEMENT_VARIABLES.map((v) => (
                <Button key={v} type="button" variant="secondary" size="sm" onClick={() => insertVariable(v)}>
                  <code className="text-xs">{`{{${v}}}`}</code>
                </Button>
              ))}
            </div>

            <AnnouncementSchedule
              idPrefix={id}
              when={when}
              sendAt={sendAt}
              error={errors.send_at}
              onWhen={setWhen}
              onSendAt={setSendAt}
            />

            {errors.form ? (
              <Alert tone="error" role="alert">
                <AlertDescription>{errors.form}</AlertDescription>
              </Alert>
            ) : null}

            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" onClick={onTest} disabled={sendTest.isPending}>
                {sendTest.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
                Send Test to Me
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? <Spinner className="size-4" /> : <Megaphone aria-hidden="true" />}
                {sendLabel}
              </Button>
            </div>
          </div>

          <AnnouncementPreview
            data={preview.data}
            loading={updating}
            error={preview.isError}
            ready={ready}
            onStep={setIndex}
          />
        </form>
      </CardContent>

      <TypedConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={when === 'later' ? 'Schedule this announcement?' : 'Send this announcement now?'}
        description={
          when === 'later'
            ? `“${subject.trim()}” goes out ${scheduledLabel(new Date(sendAt || Date.now()).toISOString())} to everyone in the segment then (${formatCount(count ?? 0)} now). You can cancel it until then.`
            : `“${subject.trim()}” goes to ${peopleCount(count ?? 0)} now. It cannot be taken back.`
        }
        confirmText={null}
        actionLabel={when === 'later' ? 'Schedule' : 'Send'}
        pending={create.isPending}
        onConfirm={onConfirm}
      />
    </Card>
  );
}
