// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './Pagination';
import { pageSlots } from './pageSlots';

const pageButtons = () => screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);

describe('Pagination', () => {
  it('lists every page when there are 5 or fewer', () => {
    render(<Pagination currentPage={2} totalPages={5} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.queryByText('…')).not.toBeInTheDocument();
  });

  it('shows a window of 5 with the last page as a shortcut at the start', () => {
    render(<Pagination currentPage={1} totalPages={12} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '12']);
    expect(screen.getAllByText('…')).toHaveLength(1);
  });

  it('shows first and last shortcuts with ellipses on both sides in the middle', () => {
    render(<Pagination currentPage={6} totalPages={12} onPageChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '4', '5', '6', '7', '8', '12']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  });

  it('drops the ellipsis when the window touches the shortcut', () => {
    expect(pageSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 7]);
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageSlots(12, 12)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12]);
  });

  it('disables previous on page 1 and next on the last page', () => {
    const { rerender } = render(<Pagination currentPage={1} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination currentPage={3} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('reports the chosen page', async () => {
    const onPageChange = jest.fn();
    render(<Pagination currentPage={6} totalPages={12} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[12], [7], [5]]);
  });
});
