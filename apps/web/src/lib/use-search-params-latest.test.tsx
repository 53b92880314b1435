import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing';
import { useSearchParamsLatest } from './use-search-params-latest';

function Filters() {
  const [params, update] = useSearchParamsLatest();
  // Two changes before the router draws either: the second must start from the first.
  const clearThenAdd = () => {
    update((prev) => {
      prev.delete('role');
      prev.delete('q');
      return prev;
    });
    update((prev) => {
      prev.set('page', '2');
      return prev;
    });
  };
  return (
    <>
      <p data-testid="url">{params.toString()}</p>
      <button onClick={clearThenAdd}>Go</button>
    </>
  );
}

afterEach(cleanup);

describe('useSearchParamsLatest', () => {
  it('starts each update from the latest URL written, not the one of the render', () => {
    const { router } = renderWithProviders(<Filters />, { path: '/admin?tab=users&role=hacker&q=ada' });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(router.state.location.search).toBe('?tab=users&page=2');
    expect(screen.getByTestId('url').textContent).toBe('tab=users&page=2');
  });

  it('follows a URL moved by someone else (a link, the back button)', async () => {
    const { router } = renderWithProviders(<Filters />, { path: '/admin?tab=users&role=hacker' });
    await act(() => router.navigate('/admin?tab=rsvps&q=x'));
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(router.state.location.search).toBe('?tab=rsvps&page=2');
  });
});
