import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../test/fixtures';
import { assignedClass, meta, reply, type SentTo, type WireReply } from '../test/network';
import MyClassesExamPage from '../features/assessments/components/MyClassesExamPage';
import MyClassesTaskPage from '../features/assessments/components/MyClassesTaskPage';
import MyClassesPage from '../features/classes/components/MyClassesPage';

// The three class lists (My Classes, My Tasks, My Exams) share one read of the assigned classes.

// Not the network: the exam screen's code, which My Exams preloads (a chunk, not a request).
jest.mock('../lib/load-exam-page', () => ({ loadExamPage: jest.fn(() => new Promise(() => undefined)) }));
const kelas = (id: number) => assignedClass({ id, name: `Kelas ${id}` });
/** GET /classes/assigned as the server pages it: one class per page, `totalPage` pages. */
const pages =
  (totalPage: number) =>
  ({ query }: SentTo<'get /classes/assigned'>) => {
    const page = Number(query.page);
    return { classes: [kelas(page)], meta: meta(totalPage, 9, page, totalPage) };
  };
/** GET /classes/assigned, the current classes (the archived ones are asked for with `archived=1`). */
let assigned: jest.Mock<WireReply<'get /classes/assigned'>, [SentTo<'get /classes/assigned'>]>;
let assignedArchived: typeof assigned;
const listsCurrent = (sent: SentTo<'get /classes/assigned'>) => sent.query.archived === undefined;

/** The class lists as routes, with links between them as the sidebar has. */
function ClassLists() {
  return (
    <>
      <nav>
        <Link to="/MyClasses">to classes</Link>
        <Link to="/MyClassesTask">to tasks</Link>
      </nav>
      <Routes>
        <Route path="/MyClasses" element={<MyClassesPage />} />
        <Route path="/MyClassesTask" element={<MyClassesTaskPage />} />
        <Route path="/MyClassesExam" element={<MyClassesExamPage />} />
      </Routes>
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  signInStudent(5);
  assigned = jest.fn(pages(1));
  assignedArchived = jest.fn((_sent: SentTo<'get /classes/assigned'>) => ({ classes: [], meta: meta(0, 100) }));
  reply('get /classes/assigned', (sent) => (listsCurrent(sent) ? assigned(sent) : assignedArchived(sent)));
});

test('two class lists on screen at once cause one request', async () => {
  renderAt(
    <>
      <MyClassesPage />
      <MyClassesTaskPage />
    </>,
    '/MyClasses',
  );
  const lists = await screen.findAllByRole('list', { name: 'Classes' });
  expect(lists).toHaveLength(2);
  for (const list of lists) expect(within(list).getByRole('link', { name: /Kelas 1/ })).toBeInTheDocument();
  expect(assigned).toHaveBeenCalledTimes(1);
});

test('another class list opened next shows the classes at once, without asking again', async () => {
  const user = userEvent.setup();
  renderAt(<ClassLists />, '/MyClasses');
  expect(await screen.findByRole('link', { name: /Kelas 1/ })).toHaveAttribute('href', '/MyDetailClasses/1');
  await user.click(screen.getByRole('link', { name: 'to tasks' }));
  // No loading state in between: the cached list is in the first render of My Tasks.
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Kelas 1/ })).toHaveAttribute('href', '/MyDetailClassesTask/1');
  expect(assigned).toHaveBeenCalledTimes(1);
});

test('the page is in the URL: a link to ?page=2 opens page 2, and turning pages writes it', async () => {
  const user = userEvent.setup();
  assigned.mockImplementation(pages(3));
  renderAt(<ClassLists />, '/MyClasses?page=2');
  expect(await screen.findByRole('link', { name: /Kelas 2/ })).toBeInTheDocument();
  expect(assigned).toHaveBeenCalledWith({ query: { id: '5', page: '2', pageSize: '9' }, body: undefined });
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('link', { name: /Kelas 3/ })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/MyClasses?page=3');
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByRole('link', { name: /Kelas 1/ })).toBeInTheDocument();
  // Page 1 is the plain address.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/MyClasses$/);
});

test('My Tasks lists the archived classes the student was in, each leading to its tasks and grades', async () => {
  assignedArchived.mockReturnValue({ classes: [{ ...kelas(7), name: 'X IPA Lama' }], meta: meta(1, 100) });
  renderAt(<ClassLists />, '/MyClassesTask');
  const section = await screen.findByRole('region', { name: 'Archived classes' });
  expect(within(section).getByText('Read-only: your tasks and grades stay here.')).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'X IPA Lama' })).toHaveAttribute('href', '/MyDetailClassesTask/7');
  expect(assignedArchived).toHaveBeenCalledWith({
    query: { id: '5', page: '1', pageSize: '100', archived: '1' },
    body: undefined,
  });
});

test('no archived class: no section', async () => {
  renderAt(<ClassLists />, '/MyClassesTask');
  expect(await screen.findByRole('link', { name: /Kelas 1/ })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Archived classes' })).not.toBeInTheDocument();
});
