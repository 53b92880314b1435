import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { buildComboboxItems, Combobox, type ComboboxOption } from './combobox';

const OPTIONS: ComboboxOption[] = [
  { value: 'Stanford University', label: 'Stanford University', description: 'California, United States' },
  { value: 'Stetson University', label: 'Stetson University' },
];

function Harness({ onSubmit = () => {}, initial = '' }: { onSubmit?: () => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="school">School</label>
      <Combobox
        id="school"
        value={value}
        onValueChange={setValue}
        options={value.startsWith('zz') ? [] : OPTIONS}
        allowFreeText
        listLabel="School suggestions"
        status={value.startsWith('zz') ? 'No matching schools.' : undefined}
      />
      <output data-testid="value">{value}</output>
    </form>
  );
}

afterEach(cleanup);

describe('buildComboboxItems', () => {
  it('offers the typed text last, after the real matches, unless it is already an option', () => {
    expect(buildComboboxItems(' Lincoln High ', OPTIONS, true).at(-1)).toMatchObject({
      value: 'Lincoln High',
      label: 'Use "Lincoln High"',
      freeText: true,
    });
    expect(buildComboboxItems('stanford university', OPTIONS, true)).toHaveLength(2);
    expect(buildComboboxItems('', OPTIONS, true)).toHaveLength(2);
    expect(buildComboboxItems('x', OPTIONS, false)).toHaveLength(2);
  });
});

describe('Combobox', () => {
  it('is a labelled combobox that opens a listbox as you type', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'School' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'St' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'School suggestions' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Stanford UniversityCalifornia, United States',
      'Stetson University',
      'Use "St"',
    ]);
    expect(screen.getByText('2 suggestions available.')).toBeTruthy();
  });

  it('moves with the arrow keys, picks with Enter without submitting, closes with Escape', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'School' });
    fireEvent.change(input, { target: { value: 'St' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getAllByRole('option')[1]!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Stetson University');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('value').textContent).toBe('Stetson University');
  });

  it('keeps free text, and picks an option with the pointer', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'School' });
    fireEvent.change(input, { target: { value: 'Lincoln High School' } });
    fireEvent.click(screen.getByRole('option', { name: 'Use "Lincoln High School"' }));
    expect(screen.getByTestId('value').textContent).toBe('Lincoln High School');

    fireEvent.change(input, { target: { value: 'Stet' } });
    fireEvent.click(screen.getByRole('option', { name: 'Stetson University' }));
    expect(screen.getByTestId('value').textContent).toBe('Stetson University');
  });

  it('shows a status line when there is nothing to suggest', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'School' });
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(screen.getAllByText('No matching schools.').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});
