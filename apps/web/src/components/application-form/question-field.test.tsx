import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { eventConfigSchema } from '@lanyard/shared/event';
import { EventConfigProvider } from '@/config/event-config';
import { QuestionField } from './question-field';

afterEach(cleanup);

const event = eventConfigSchema.parse({
  name: 'Test Hacks',
  edition: 'I',
  startDate: '2025-09-19',
  endDate: '2025-09-21',
  dates: {
    applicationsOpen: 'July 3, 2025',
    applicationDeadline: 'August 18, 2025',
    expectedDecisions: 'Early August',
    rsvpDeadline: 'Mid August',
    event: 'Sept 19-21, 2025',
  },
  venue: { name: 'Hall', address: '1 Main St', city: 'Town' },
  contactEmail: 'team@example.org',
  supportEmail: 'help@example.org',
  websiteUrl: 'https://example.org',
  faqUrl: 'https://example.org/faq',
  instagramUrl: 'https://instagram.com/example',
  socialLinks: [],
  liabilityWaiverUrl: 'https://example.org/waiver.pdf',
  photoReleaseUrl: 'https://example.org/photo.pdf',
  brandColor: '#4f46e5',
  footerCredit: 'Built by tests',
});

function Form({ children }: { children: React.ReactNode }) {
  const form = useForm<FieldValues>();
  return (
    <EventConfigProvider config={event}>
      <FormProvider {...form}>
        <form>{children}</form>
      </FormProvider>
    </EventConfigProvider>
  );
}

describe('QuestionField', () => {
  it('words, names and marks a text question as its catalogue entry declares it', () => {
    render(
      <Form>
        <QuestionField<FieldValues> role="hacker" name="howDidYouHear" />
        <QuestionField<FieldValues> role="hacker" name="dietaryRestrictions" />
        <QuestionField<FieldValues> role="mentor" name="phone" />
      </Form>,
    );
    const heard = screen.getByLabelText(/^How did you hear about us\?/);
    expect(heard.getAttribute('name')).toBe('howDidYouHear');
    expect(heard.id).toBe('howDidYouHear');
    expect(heard.getAttribute('aria-required')).toBe('true');
    const dietary = screen.getByLabelText('Dietary restrictions');
    expect(dietary.getAttribute('aria-required')).toBeNull();
    expect(screen.getByText('Leave blank if none.')).toBeTruthy();
    expect(screen.getByLabelText(/^Phone number/).getAttribute('type')).toBe('tel');
  });

  it('asks the same question as required of one role and optional of another', () => {
    render(
      <Form>
        <QuestionField<FieldValues> role="mentor" name="howDidYouHear" />
      </Form>,
    );
    expect(screen.getByLabelText('How did you hear about us?').getAttribute('aria-required')).toBeNull();
  });

  it('offers a choice question its options, and a paragraph a text area', () => {
    render(
      <Form>
        <QuestionField<FieldValues> role="hacker" name="shirtSize" />
        <QuestionField<FieldValues> role="hacker" name="highSchoolYear" required />
        <QuestionField<FieldValues> role="mentor" name="additionalInfo" rows={4} />
      </Form>,
    );
    const shirt = screen.getByLabelText('Shirt size');
    expect(shirt.tagName).toBe('SELECT');
    expect([...(shirt as HTMLSelectElement).options].map((o) => o.text)).toContain('XL');
    expect(screen.getByLabelText(/^Year in high school/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText("Anything else you'd like us to know?").tagName).toBe('TEXTAREA');
  });
});
