import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SchoolPicker } from './school-picker';

const listLoaded = vi.hoisted(() => vi.fn());
vi.mock('@/assets/universities.json', () => {
  listLoaded();
  return {
    default: {
      schools: [
        ['Rutgers University', 'US', 'NJ'],
        ['Rice University', 'US', 'TX'],
      ],
    },
  };
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="school">School</label>
      <SchoolPicker id="school" value={value} onChange={setValue} />
    </>
  );
}

afterEach(cleanup);

describe('SchoolPicker', () => {
  it('fetches the school list when the applicant enters the field, not with the form', async () => {
    render(<Harness />);
    const field = screen.getByRole('combobox', { name: 'School' });
    await new Promise((r) => setTimeout(r, 300));
    expect(listLoaded).not.toHaveBeenCalled();
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'rut' } });
    expect(await screen.findByRole('option', { name: /^Rutgers University/ })).toBeTruthy();
    expect(listLoaded).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option', { name: /^Rice University/ })).toBeNull();
  });
});
