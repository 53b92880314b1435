import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { EventConfigProvider } from '@/config/event-config';
import { testEvent } from '@/testing';
import { QuestionField } from './question-field';

afterEach(cleanup);

const event = testEvent;

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
