import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Discussion } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { unreachable } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { meta, signInAsTeacher } from '../../../test/fixtures';
import { asked } from '../../../test/network';
import { MaterialDiscussion } from './MaterialDiscussion';

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
/** The questions on subject 11, ten a page. */
let list: Replier<'get /discussions-material'>;
beforeEach(() => {
  signInAsTeacher();
  list = reply('get /discussions-material', () => ({ discussions: [question], meta: meta(1, 1, 10) }));
});

it("answers a student's question (marked as the teacher's) and removes a reply", async () => {
  const user = userEvent.setup();
  const answerIt = reply('put /discussions-material/reply', () => ({
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
  }));
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  const card = await screen.findByRole('article', { name: 'Apa itu <sel>?' });
  expect(list).toHaveBeenCalledWith(asked({ id: '11', page: '1', pageSize: '10' }));
  fill(within(card).getByRole('textbox', { name: 'Write an Answer to Apa itu <sel>?' }), '  Unit terkecil.  ');
  await user.click(within(card).getByRole('button', { name: 'Send answer' }));
  const replies = within(card).getByRole('list', { name: 'Replies to Apa itu <sel>?' });
  await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(2));
  expect(answerIt).toHaveBeenCalledWith({ query: { id: '3' }, body: { replies: 'Unit terkecil.' } });
  expect(within(replies).getAllByRole('listitem')[1]).toHaveTextContent(/^Bu Sari Teacher/);

  const removeReply = reply('delete /discussions-material/reply', () => ({ ...question, replies: [] }));
  await user.click(within(card).getByRole('button', { name: 'Remove reply by Budi' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveTextContent('are you sure you want to remove the reply by Budi?');
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(within(replies).queryByText('Spam')).not.toBeInTheDocument());
  expect(removeReply).toHaveBeenCalledWith(asked({ id: '3', reply_id: 'r-1' }));
});

it('removes a question after confirmation and reloads the list', async () => {
  const user = userEvent.setup();
  const remove = reply('delete /discussions-material', () => ({ message: 'ok' }));
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  const card = await screen.findByRole('article', { name: 'Apa itu <sel>?' });
  list.mockImplementation(() => ({ discussions: [], meta: meta(0, 1, 10) }));
  await user.click(within(card).getByRole('button', { name: 'Remove question' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('No student has asked a question on this subject yet.')).toBeInTheDocument();
  expect(remove).toHaveBeenCalledWith(asked({ id: '3' }));
});

it('keeps the page of questions in the URL, next to the subject id', async () => {
  const user = userEvent.setup();
  list.mockImplementation(() => ({ discussions: [question], meta: meta(12, 2, 10) }));
  renderAt(<MaterialDiscussion materialId={11} />, '/DetailSubjects?id=11');
  await user.click(await screen.findByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith(asked({ id: '11', page: '2', pageSize: '10' })));
  expect(screen.getByTestId('location')).toHaveTextContent('/DetailSubjects?id=11&page=2');
});

it('keeps the typed answer when sending fails, and shows one failure at a time', async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  reply('put /discussions-material/reply', unreachable);
  reply('delete /discussions-material/reply', unreachable);
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
