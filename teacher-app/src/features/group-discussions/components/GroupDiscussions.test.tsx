import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discussionsApi, getUserData, type Discussion } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import GroupDiscussions from './GroupDiscussions';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return { ...actual, discussionsApi: { list: jest.fn(), reply: jest.fn(), removeReply: jest.fn() } };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const meta = { page: 1, pageSize: 10, total: 1, totalPage: 1, totalpages: 1 };
let question: Discussion;

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  question = {
    id: 4,
    student_id: 5,
    student_name: 'Andi',
    topic: 'Rumus <bandul>?',
    description: 'T = ?',
    replies: [
      {
        id: 'r-1',
        student_id: 6,
        role: 'student',
        name: 'Budi',
        reply: 'Tidak tahu',
        time: '2025-01-05T15:10:00+07:00',
      },
    ],
  };
  mocked(discussionsApi.list).mockResolvedValue({ discussions: [question], meta });
});

it("answers a student's school-wide question and removes only the teacher's own reply", async () => {
  const user = userEvent.setup();
  const me = getUserData()!.teacher_id!;
  const answered = {
    ...question,
    replies: [
      ...question.replies!,
      {
        id: 'r-2',
        student_id: null,
        teacher_id: me,
        role: 'teacher' as const,
        name: 'Bu Sari',
        reply: 'Lihat bab getaran.',
        time: '2025-01-05T16:00:00+07:00',
      },
    ],
  };
  mocked(discussionsApi.reply).mockResolvedValue(answered);
  renderAt(<GroupDiscussions />, '/GroupDiscussions');
  expect(await screen.findByRole('heading', { level: 1, name: 'Group Discussions' })).toBeInTheDocument();
  const card = await screen.findByRole('article', { name: 'Rumus <bandul>?' });
  expect(discussionsApi.list).toHaveBeenCalledWith(1, 10);
  // a student's reply is not the teacher's to remove
  expect(within(card).queryByRole('button', { name: 'Remove your reply' })).toBeNull();

  mocked(discussionsApi.list).mockResolvedValue({ discussions: [answered], meta });
  fill(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' }), '  Lihat bab getaran.  ');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  expect(discussionsApi.reply).toHaveBeenCalledWith(4, 'Lihat bab getaran.');
  const replies = within(card).getByRole('list', { name: 'Replies to Rumus <bandul>?' });
  await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(2));
  expect(within(replies).getAllByRole('listitem')[1]).toHaveTextContent(/^Bu Sari Teacher/);
  expect(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' })).toHaveValue('');

  mocked(discussionsApi.removeReply).mockResolvedValue(question);
  mocked(discussionsApi.list).mockResolvedValue({ discussions: [question], meta });
  await user.click(within(card).getByRole('button', { name: 'Remove your reply' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  expect(discussionsApi.removeReply).toHaveBeenCalledWith(4, 'r-2');
  await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(1));
});

it('says so when the answer could not be sent, keeping what was typed', async () => {
  const user = userEvent.setup();
  mocked(discussionsApi.reply).mockRejectedValue(new Error('offline'));
  renderAt(<GroupDiscussions />, '/GroupDiscussions');
  const card = await screen.findByRole('article', { name: 'Rumus <bandul>?' });
  fill(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' }), 'Jawaban');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  expect(await within(card).findByText('Your answer could not be sent. Please try again.')).toBeInTheDocument();
  expect(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' })).toHaveValue('Jawaban');
});
