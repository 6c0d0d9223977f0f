import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getUserData, type Discussion } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { unreachable } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { meta, signInAsTeacher } from '../../../test/fixtures';
import { asked } from '../../../test/network';
import GroupDiscussions from './GroupDiscussions';

let question: Discussion;
/** The school-wide questions, ten a page. */
let list: Replier<'get /discussions'>;

beforeEach(() => {
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
  list = reply('get /discussions', () => ({ discussions: [question], meta: meta(1, 1, 10) }));
});

it("answers a student's school-wide question and removes only the teacher's own reply", async () => {
  const user = userEvent.setup();
  const me = getUserData()!.teacher_id!;
  const answered: Discussion = {
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
  const answerIt = reply('put /discussions/reply', () => answered);
  renderAt(<GroupDiscussions />, '/GroupDiscussions');
  expect(await screen.findByRole('heading', { level: 1, name: 'Group Discussions' })).toBeInTheDocument();
  const card = await screen.findByRole('article', { name: 'Rumus <bandul>?' });
  expect(list).toHaveBeenCalledWith(asked({ page: '1', pageSize: '10' }));
  // a student's reply is not the teacher's to remove
  expect(within(card).queryByRole('button', { name: 'Remove your reply' })).toBeNull();

  list.mockImplementation(() => ({ discussions: [answered], meta: meta(1, 1, 10) }));
  fill(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' }), '  Lihat bab getaran.  ');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  const replies = within(card).getByRole('list', { name: 'Replies to Rumus <bandul>?' });
  await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(2));
  expect(answerIt).toHaveBeenCalledWith({ query: { id: '4' }, body: { replies: 'Lihat bab getaran.' } });
  expect(within(replies).getAllByRole('listitem')[1]).toHaveTextContent(/^Bu Sari Teacher/);
  expect(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' })).toHaveValue('');

  const removeReply = reply('delete /discussions/reply', () => question);
  list.mockImplementation(() => ({ discussions: [question], meta: meta(1, 1, 10) }));
  await user.click(within(card).getByRole('button', { name: 'Remove your reply' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(1));
  expect(removeReply).toHaveBeenCalledWith(asked({ id: '4', reply_id: 'r-2' }));
});

it('says so when the answer could not be sent, keeping what was typed', async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  reply('put /discussions/reply', unreachable);
  renderAt(<GroupDiscussions />, '/GroupDiscussions');
  const card = await screen.findByRole('article', { name: 'Rumus <bandul>?' });
  fill(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' }), 'Jawaban');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  expect(await within(card).findByText('Your answer could not be sent. Please try again.')).toBeInTheDocument();
  expect(within(card).getByRole('textbox', { name: 'Write an Answer to Rumus <bandul>?' })).toHaveValue('Jawaban');
});
