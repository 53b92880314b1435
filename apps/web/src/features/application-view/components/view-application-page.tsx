import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ExternalLink, FileText } from 'lucide-react';
import { toast } from 'sonner';
import type { MyApplication } from '@lanyard/shared/application';
import { NOT_PROVIDED, viewSections } from '@lanyard/shared/questions';
import { roleLabel } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { useMyApplication } from '@/api/get-my-application';
import { useResumeUrl } from '../api/get-resume-url';
import { withCustomSections } from '../lib/custom-sections';

function BackButton() {
  return (
    <Button asChild variant="secondary" className="self-start">
      <Link to={paths.dashboard}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Label/value pairs, two columns from small tablets up. */
function Fields({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {items.map(([label, value], i) => (
        // By place: a custom question may be worded like another question.
        <div key={i} className="flex min-w-0 flex-col gap-1">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Long answers, each under its question. */
function Essays({ items }: { items: [question: string, answer: string][] }) {
  return (
    <div className="flex flex-col gap-6">
      {items.map(([question, answer], i) => (
        <div key={i} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-800">{question}</h3>
          <p className="leading-relaxed break-words whitespace-pre-wrap text-slate-900">{answer}</p>
        </div>
      ))}
    </div>
  );
}

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return <>{NOT_PROVIDED}</>;
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full border border-slate-200 bg-slate-100 px-3 py-1 text-sm text-slate-800"
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

function LinkValue({ href }: { href: string | null }) {
  if (!href) return <>{NOT_PROVIDED}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="inline-flex items-center gap-1 font-medium break-all text-brand-ink underline underline-offset-2"
    >
      {href}
      <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** The resume opens through a fresh signed link (they expire after 5 minutes) in a new tab. */
function ResumeSection({ application }: { application: MyApplication }) {
  const resumeUrl = useResumeUrl();
  const open = () => {
    // Opened now, inside the click, so popup blockers allow it; pointed at the link once it arrives.
    const tab = window.open('', '_blank');
    resumeUrl.mutate(undefined, {
      onSuccess: ({ signed_url }) => {
        const url = new URL(signed_url, window.location.origin).href;
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
      },
      onError: () => {
        tab?.close();
        toast.error('Download Error', { description: 'Failed to download resume. Please try again.' });
      },
    });
  };
  const resume = application.resume;
  return (
    <Section id="view-resume" title="Resume">
      {resume ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex min-w-0 items-center gap-2 text-slate-900">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-ink" />
            <span className="truncate">{resume.original_name}</span>
          </p>
          <Button variant="secondary" onClick={open} disabled={resumeUrl.isPending}>
            {resumeUrl.isPending ? <Spinner className="size-4" /> : <ExternalLink aria-hidden="true" />}
            View Resume
            <span className="sr-only">(opens in a new tab)</span>
          </Button>
        </div>
      ) : (
        <p className="text-slate-900">{NOT_PROVIDED}</p>
      )}
    </Section>
  );
}

/** The answers in the catalogue's sections: essays as question and answer, the rest as label/value. */
function AnswerSections({ application, eventName }: { application: MyApplication; eventName: string }) {
  const sections = withCustomSections(
    viewSections(application.role, application.answers, { eventName, email: application.email }),
    application.custom,
  );
  return (
    <>
      {sections.map((section) => (
        <Section key={section.id} id={`view-${section.id}`} title={section.title}>
          {section.essays ? (
            <Essays items={section.items.map((item) => [item.label, item.value])} />
          ) : (
            <Fields
              items={section.items.map((item) => [
                item.label,
                item.type === 'list' ? (
                  <Chips key={item.key} items={item.items ?? []} />
                ) : item.type === 'url' ? (
                  <LinkValue key={item.key} href={item.href ?? null} />
                ) : (
                  item.value
                ),
              ])}
            />
          )}
        </Section>
      ))}
    </>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      {children}
    </main>
  );
}

function formatSubmitted(iso: string): string | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** /view-application: the applicant's own answers, read-only. */
export function ViewApplicationPage() {
  usePageTitle('Your Application');
  const event = useEventConfig();
  const { data: application, isPending, isError, error } = useMyApplication();

  if (isPending) return <LoadingScreen label="Loading application..." />;

  if (isError) {
    const message = error instanceof Error && error.message ? error.message : 'An unknown error occurred.';
    return (
      <Shell>
        <BackButton />
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-900">
          Error: {message}
        </p>
      </Shell>
    );
  }

  if (!application) {
    return (
      <Shell>
        <BackButton />
        <Card className="p-8 text-center">
          <p className="text-lg font-medium text-slate-800">No application found.</p>
        </Card>
      </Shell>
    );
  }

  const submitted = formatSubmitted(application.submitted_at);
  const name = eventTitle(event);
  return (
    <Shell>
      <BackButton />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Application</h1>
        <p className="text-slate-700">
          {roleLabel(application.role)} application for {name}
          {submitted ? <>, submitted {submitted}</> : null}. Submitted answers can&apos;t be edited.
        </p>
      </header>
      <AnswerSections application={application} eventName={name} />
      <ResumeSection application={application} />
    </Shell>
  );
}
