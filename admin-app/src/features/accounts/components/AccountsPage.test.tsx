import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Student } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../../../../jest/msw-routes';
import { meta } from '../../../test/fixtures';
import ManageStudents from './ManageStudents';

const andi: Student = { id: 1, name: 'Andi', nis: '2024100001', grade: 10, status: 'Active' };
const answerList = () => reply('get /students', () => ({ students: [andi], meta: meta(1) }));

test('search, filter and sort live in the URL and start again at page 1', async () => {
  const list = answerList();
  renderAt(<ManageStudents />, '/ManageAccStudent?page=3');
  await screen.findByRole('table');
  await userEvent.type(screen.getByRole('textbox', { name: 'Search by Name or NIS' }), 'and{enter}');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageAccStudent?q=and'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
  await userEvent.click(screen.getByRole('menuitemradio', { name: '11th Grade' }));
  await userEvent.click(screen.getByRole('button', { name: 'Sort by NIS' }));
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageAccStudent?q=and&filter=11&sort=1'),
  );
  await waitFor(() =>
    expect(list).toHaveBeenLastCalledWith({
      query: { page: '1', grade: '11', search: 'and', sortByNIS: 'true' },
      body: undefined,
    }),
  );
});

test('a URL with search, filter, sort and page opens that list (a reload or a shared link)', async () => {
  const list = answerList();
  renderAt(<ManageStudents />, '/ManageAccStudent?q=and&filter=12&sort=1&page=2');
  await screen.findByRole('table');
  expect(list).toHaveBeenCalledWith({
    query: { page: '2', grade: '12', search: 'and', sortByNIS: 'true' },
    body: undefined,
  });
  expect(screen.getByRole('textbox', { name: 'Search by Name or NIS' })).toHaveValue('and');
  expect(screen.getByRole('button', { name: 'Sort by NIS' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Filter: 12th Grade')).toBeInTheDocument();
});
