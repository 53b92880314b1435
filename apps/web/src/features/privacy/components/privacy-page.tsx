import { useQuery } from '@tanstack/react-query';
import { privacyPolicySchema } from '@lanyard/shared/privacy';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { api } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The public privacy page, at the event config's privacy.policyPath. Its HTML is made by the server
 * from Markdown with HTML input off and only http(s) and mailto links (modules/privacy/policy.ts),
 * so it holds no script or markup an organiser typed: it is safe to place as HTML.
 */
export function PrivacyPage() {
  usePageTitle('Privacy');
  const event = useEventConfig();
  const policy = useQuery({
    queryKey: ['privacy', 'policy'],
    queryFn: ({ signal }) => api.get('/api/privacy/policy', { schema: privacyPolicySchema, signal }),
    staleTime: Infinity,
  });
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Privacy at {eventTitle(event)}</h1>
      {policy.isPending ? (
        <p role="status" className="text-slate-700">
          Loading...
        </p>
      ) : policy.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the privacy policy. Please try again later.
        </p>
      ) : (
        <div
          data-testid="privacy-policy"
          className="flex flex-col gap-3 leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:break-words [&_a]:text-brand-ink [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-2 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: policy.data.html }}
        />
      )}
    </main>
  );
}
