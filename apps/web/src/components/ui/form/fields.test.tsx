import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SelectField, TextareaField, TextField } from './fields';

afterEach(cleanup);

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  size: z.enum(['s', 'm'], { error: 'Pick a size' }),
  note: z.string(),
});
type Values = z.input<typeof schema>;

function Form({ onValid = () => undefined }: { onValid?: (v: z.output<typeof schema>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', note: '' },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void form.handleSubmit(onValid)(e)} noValidate>
        <TextField<Values> name="name" label="Your name" hint="As on your ID." required />
        <SelectField<Values>
          name="size"
          label="Size"
          options={[
            { value: 's', label: 'Small' },
            { value: 'm', label: 'Medium' },
          ]}
        />
        <TextareaField<Values> name="note" label="Note" rows={2} />
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

describe('the form-field kit', () => {
  it('labels each control by its name, with the required mark and the hint wired for screen readers', () => {
    render(<Form />);
    const name = screen.getByLabelText(/Your name/);
    expect(name.id).toBe('name');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('*', { selector: 'span[aria-hidden="true"]' })).toBeTruthy();
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'As on your ID.',
    );
    expect(screen.getByLabelText('Size').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Note').tagName).toBe('TEXTAREA');
  });

  it('shows each field’s error under it, marks the control invalid and replaces the hint', async () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByLabelText(/Your name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Name is required',
    );
    expect(screen.getByText('Pick a size')).toBeTruthy();
    expect(screen.queryByText('As on your ID.')).toBeNull();
  });

  it('registers the values: the empty select option is no answer', async () => {
    let sent: unknown;
    render(<Form onValid={(v) => (sent = v)} />);
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'm' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual({ name: 'Ada', size: 'm', note: 'Hi' }));
  });
});
