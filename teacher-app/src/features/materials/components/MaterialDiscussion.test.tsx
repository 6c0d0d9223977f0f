import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { materialDiscussionsApi, type Discussion } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import { MaterialDiscussion } from './MaterialDiscussion';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    materialDiscussionsApi: { list: jest.fn(), reply: jest.fn(), remove: jest.fn(), removeReply: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const question: Discussion = {
  id: 3,
  student_id: 5,
  student_name: 'Andi',
  material_id: 11,
  topic: 'Apa itu <sel>?',
  description: 'Bingung',
  replies: [
    { id: 'r-1', student_id: 6, role: 'student', name: 'Budi', reply: 'Spam', time: '2025-01-05T15:10:00+07:00' },
  ],
};
const meta = { page: 1, pageSize: 10, total: 1, totalPage: 1, totalpages: 1 };

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(materialDiscussionsApi.list).mockResolvedValue({ discussions: [question], meta });
});

it("answers a student's question (marked as the teacher's) and removes a reply", async () => {
  const user = userEvent.setup();
  mocked(materialDiscussionsApi.reply).mockResolvedValue({
    ...question,
    replies: [
      ...question.replies!,
      {
        id: 'r-2',
        student_id: null,
        teacher_id: 7,
        role: 'teacher',
        name: 'Bu Sari',
        reply: 'Unit terkecil.',
        time: '2025-01-05T16:00:00+07:00',
      },
    ],
  });
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  const card = await screen.findByRole('article', { name: 'Apa itu <sel>?' });
  expect(materialDiscussionsApi.list).toHaveBeenCalledWith(11, 1, 10);
  fill(within(card).getByRole('textbox', { name: 'Write an Answer to Apa itu <sel>?' }), '  Unit terkecil.  ');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  expect(materialDiscussionsApi.reply).toHaveBeenCalledWith(3, 'Unit terkecil.');
  const replies = within(card).getByRole('list', { name: 'Replies to Apa itu <sel>?' });
  await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(2));
  expect(within(replies).getAllByRole('listitem')[1]).toHaveTextContent(/^Bu Sari Teacher/);

  mocked(materialDiscussionsApi.removeReply).mockResolvedValue({ ...question, replies: [] });
  await user.click(within(card).getByRole('button', { name: 'Remove reply by Budi' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveTextContent('are you sure you want to remove the reply by Budi?');
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  expect(materialDiscussionsApi.removeReply).toHaveBeenCalledWith(3, 'r-1');
  await waitFor(() => expect(within(replies).queryByText('Spam')).not.toBeInTheDocument());
});

it('removes a question after confirmation and reloads the list', async () => {
  const user = userEvent.setup();
  mocked(materialDiscussionsApi.remove).mockResolvedValue({ message: 'ok' });
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  const card = await screen.findByRole('article', { name: 'Apa itu <sel>?' });
  mocked(materialDiscussionsApi.list).mockResolvedValue({ discussions: [], meta: { ...meta, total: 0 } });
  await user.click(within(card).getByRole('button', { name: 'Remove question' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  expect(materialDiscussionsApi.remove).toHaveBeenCalledWith(3);
  expect(await screen.findByText('No student has asked a question on this subject yet.')).toBeInTheDocument();
});

it('keeps the page of questions in the URL, next to the subject id', async () => {
  const user = userEvent.setup();
  mocked(materialDiscussionsApi.list).mockResolvedValue({
    discussions: [question],
    meta: { ...meta, total: 12, totalPage: 2, totalpages: 2 },
  });
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  await user.click(await screen.findByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(materialDiscussionsApi.list).toHaveBeenLastCalledWith(11, 2, 10));
  expect(screen.getByTestId('location')).toHaveTextContent('/DetailSubjects?id=11&page=2');
});

it('keeps the typed answer when sending fails, and shows one failure at a time', async () => {
  const user = userEvent.setup();
  mocked(materialDiscussionsApi.reply).mockRejectedValue(new Error('500'));
  mocked(materialDiscussionsApi.removeReply).mockRejectedValue(new Error('500'));
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  const card = await screen.findByRole('article', { name: 'Apa itu <sel>?' });
  const box = within(card).getByRole('textbox', { name: 'Write an Answer to Apa itu <sel>?' });
  fill(box, 'Unit terkecil.');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent('Could not send your answer, please try again.');
  expect(box).toHaveValue('Unit terkecil.');

  await user.click(within(card).getByRole('button', { name: 'Remove reply by Budi' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  await waitFor(() =>
    expect(within(card).getByRole('alert')).toHaveTextContent('Could not remove the reply, please try again.'),
  );
  expect(within(card).getAllByRole('alert')).toHaveLength(1);
  expect(within(card).getByText('Spam')).toBeInTheDocument();
});
