import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('writes page numbers with thousands separators, and a + when the count stopped early', () => {
    render(
      <Pagination page={1200} pages={4000} morePages onPageChange={() => {}} label="Applications pages" />,
    );
    expect(screen.getByRole('navigation', { name: 'Applications pages' }).textContent).toContain(
      'Page 1,200 of 4,000+',
    );
  });

  it('moves one page at a time and stops at either end', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pages={3} onPageChange={onPageChange} label="Pages" />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    rerender(<Pagination page={3} pages={3} onPageChange={onPageChange} label="Pages" />);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
