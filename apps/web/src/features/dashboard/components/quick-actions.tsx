import { Camera, CircleHelp, ExternalLink, LifeBuoy } from 'lucide-react';
import type { EventConfig } from '@lanyard/shared/event';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function supportMailto(supportEmail: string, role: string): string {
  const subject = role === 'mentor' ? 'Mentor Application Help' : 'Hacker Application Help';
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`;
}

export function QuickActions({ role, event }: { role: string; event: EventConfig }) {
  return (
    <Card aria-labelledby="quick-actions-title">
      <CardHeader>
        <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Button asChild variant="secondary" className="justify-start">
          <a href={supportMailto(event.supportEmail, role)}>
            <LifeBuoy aria-hidden="true" />
            Contact Support
          </a>
        </Button>
        <Button asChild variant="secondary" className="justify-start">
          <a href={event.faqUrl} target="_blank" rel="noopener noreferrer">
            <CircleHelp aria-hidden="true" />
            View FAQ
            <ExternalLink aria-hidden="true" className="ml-auto text-slate-500" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="secondary" className="justify-start">
          <a href={event.instagramUrl} target="_blank" rel="noopener noreferrer">
            <Camera aria-hidden="true" />
            Follow on Instagram
            <ExternalLink aria-hidden="true" className="ml-auto text-slate-500" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
