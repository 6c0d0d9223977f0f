import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import {
  MAX_DESCRIPTION_BYTES,
  MAX_REPLY_BYTES,
  MAX_REPORT_REASON_BYTES,
  MAX_TOPIC_BYTES,
} from '@kelasku/shared-rules';
import type { Discussion, Report } from '@kelasku/shared-api';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../test/fixtures';
import {
  held,
  meta as metaOf,
  quietFailedRequests,
  refusal,
  refusedAs,
  reply,
  serverDown,
  type Answer,
} from '../../test/network';
import { groupDiscussions } from '../../features/discussions/api';
import { DiscussionBoard } from './DiscussionBoard';

// The board of the group discussions (the material discussions' board is the same component with other addresses).

const mine: Discussion = {
  id: 1,
  student_id: 5,
  student_name: 'Siti Rahma',
  topic: 'Soal limit',
  description: 'Bagaimana cara menghitung limit?',
  replies: [{ id: 'r-1', student_id: 6, name: 'Budi', reply: 'Pakai substitusi.', time: '2025-01-05T15:10:00+07:00' }],
};
const theirs: Discussion = {
  id: 2,
  student_id: 6,
  student_name: undefined,
  topic: 'Tugas kimia',
  description: 'Kapan dikumpulkan?',
  replies: null,
};
const meta = (total: number) => metaOf(total, 10);
/** A stored report, as POST /reports answers it. */
const report = (id: number): Report => ({
  id,
  kind: 'general',
  discussion_id: 2,
  reply_id: null,
  reporter_id: 5,
  reporter_name: 'Siti Rahma',
  author_name: 'Budi',
  topic: 'Tugas kimia',
  message: 'Kapan dikumpulkan?',
  reason: null,
  class_id: null,
  class_name: null,
  material_id: null,
  material_title: null,
  created_at: '2025-01-05T08:00:00.000Z',
});

/**
 * The server's board holding `discussions`: its page, and a question asked, edited, deleted or answered (a reply
 * answers with the whole discussion). Returns the repliers.
 */
function serveBoard(discussions: Discussion[]) {
  const find = (id: string) => discussions.find((d) => d.id === Number(id))!;
  return {
    list: reply('get /discussions', () => ({ discussions, meta: meta(discussions.length) })),
    create: reply('post /discussions', ({ body }) => ({ id: 9, student_id: 5, student_name: 'Siti Rahma', ...body })),
    update: reply('put /discussions', ({ query, body }) => ({ ...find(query.id), ...body })),
    remove: reply('delete /discussions', () => ({ message: 'Discussion deleted successfully' })),
    reply: reply('put /discussions/reply', ({ query, body }) => ({
      ...find(query.id),
      replies: [
        ...(find(query.id).replies ?? []),
        { id: 'r-new', student_id: 5, name: 'Siti Rahma', reply: body.replies, time: '2025-01-05T15:00:00+07:00' },
      ],
    })),
  };
}
/** What a request with only a query string carried. */
const asked = (query: Record<string, string>) => ({ query, body: undefined });

const board = (
  texts = { errorText: 'Error fetching group discussions, please try again later.', emptyText: 'Nothing yet.' },
) => renderAt(<DiscussionBoard source={groupDiscussions} heading="Group Discussions" {...texts} replaceOnError />);

beforeEach(() => {
  localStorage.clear();
  signInStudent(5);
});

test("shows author, topic and description; Edit and Delete only on the student's own question", async () => {
  serveBoard([mine, theirs]);
  board();
  const own = await screen.findByRole('article', { name: 'Soal limit' });
  expect(within(own).getByText('Siti Rahma')).toBeInTheDocument();
  expect(within(own).getByText('Bagaimana cara menghitung limit?')).toBeInTheDocument();
  expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

  const other = screen.getByRole('article', { name: 'Tugas kimia' });
  expect(within(other).getByText('Unknown Student')).toBeInTheDocument();
  expect(within(other).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(within(other).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(within(other).getByRole('button', { name: 'Report question "Tugas kimia"' })).toBeInTheDocument();
});

test('replies show and hide, with the reply time in Indonesian, in a scrolling area about 13rem high', async () => {
  const user = userEvent.setup();
  serveBoard([mine]);
  board();
  const own = await screen.findByRole('article', { name: 'Soal limit' });
  expect(within(own).queryByText('Pakai substitusi.')).not.toBeInTheDocument();
  await user.click(within(own).getByRole('button', { name: 'Show Replies (1)' }));
  const list = within(own).getByRole('list', { name: 'Replies to Soal limit' });
  expect(within(list).getByText('Pakai substitusi.')).toBeInTheDocument();
  expect(within(list).getByText('3PM. Januari 5, 2025')).toBeInTheDocument();
  expect(list).toHaveStyle({ maxHeight: '13rem', overflowY: 'auto' });
  await user.click(within(own).getByRole('button', { name: 'Hide Replies' }));
  expect(within(own).queryByText('Pakai substitusi.')).not.toBeInTheDocument();
});

test('an empty answer is not sent; a written one is sent and shown', async () => {
  const user = userEvent.setup();
  const server = serveBoard([theirs]);
  board();
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  const input = within(card).getByPlaceholderText('Write an Answer');
  await user.type(input, '   {Enter}');
  expect(within(card).getByRole('button', { name: 'Send answer' })).toBeDisabled();
  expect(server.reply).not.toHaveBeenCalled();
  await user.clear(input);
  await user.type(input, 'Besok pagi.{Enter}');
  await waitFor(() =>
    expect(server.reply).toHaveBeenCalledWith({ query: { id: '2' }, body: { replies: 'Besok pagi.' } }),
  );
  expect(await within(card).findByText('Besok pagi.')).toBeInTheDocument();
  expect(input).toHaveValue('');
});

test('Ask a Question opens a dialog and posts topic and description', async () => {
  const user = userEvent.setup();
  const server = serveBoard([]);
  board({ errorText: 'x', emptyText: 'Nothing yet.' });
  expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask a Question' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Trigonometri');
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Apa itu sin?');
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  await waitFor(() =>
    expect(server.create).toHaveBeenCalledWith({
      query: {},
      body: { topic: 'Trigonometri', description: 'Apa itu sin?', replies: null },
    }),
  );
  await waitFor(() => expect(server.list).toHaveBeenCalledTimes(2));
});

test('edit pre-fills the dialog; delete asks first', async () => {
  const user = userEvent.setup();
  const server = serveBoard([mine]);
  board();
  const own = await screen.findByRole('article', { name: 'Soal limit' });
  await user.click(within(own).getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Question' });
  const topic = within(dialog).getByRole('textbox', { name: 'Topic' });
  expect(topic).toHaveValue('Soal limit');
  await user.clear(topic);
  await user.type(topic, 'Soal limit tak hingga');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() =>
    expect(server.update).toHaveBeenCalledWith({
      query: { id: '1' },
      body: { topic: 'Soal limit tak hingga', description: 'Bagaimana cara menghitung limit?' },
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(screen.getByRole('article', { name: 'Soal limit' })).getByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete Question' });
  expect(within(confirm).getByText('are you sure you want to delete Soal limit?')).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(server.remove).toHaveBeenCalledWith(asked({ id: '1' })));
});

test('report turns into Reported (also when it was already reported)', async () => {
  const user = userEvent.setup();
  quietFailedRequests();
  const reportCreate = reply('post /reports', () => report(1));
  // the second report: this student reported that reply already
  reportCreate.mockImplementationOnce(() => report(1)).mockImplementationOnce(() => refusedAs(409, 'already-reported'));
  serveBoard([mine, theirs]);
  board();
  const other = await screen.findByRole('article', { name: 'Tugas kimia' });
  // Nothing is sent until the student confirms; Cancel sends nothing.
  await user.click(within(other).getByRole('button', { name: 'Report question "Tugas kimia"' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Report this question to the admins?' })).getByRole('button', {
      name: 'Cancel',
    }),
  );
  expect(reportCreate).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await user.click(within(other).getByRole('button', { name: 'Report question "Tugas kimia"' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report this question to the admins?' });
  const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
  // Past the server's cap in bytes (501 emoji: 2,004) the text is not taken, and the reason is shown.
  fireEvent.change(reason, { target: { value: '😀'.repeat(501) } });
  expect(
    await within(dialog).findByText(
      `The reason is too long: at most ${MAX_REPORT_REASON_BYTES} bytes (a letter takes 1, an emoji 4).`,
    ),
  ).toBeInTheDocument();
  expect(reason).toHaveValue('');
  await user.type(reason, 'Bukan tentang pelajaran');
  await user.click(within(dialog).getByRole('button', { name: 'Report' }));
  expect(await within(other).findByRole('button', { name: 'Reported question "Tugas kimia"' })).toBeDisabled();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(reportCreate).toHaveBeenCalledWith({
    query: {},
    body: { kind: 'general', discussion_id: 2, reason: 'Bukan tentang pelajaran' },
  });

  const own = screen.getByRole('article', { name: 'Soal limit' });
  await user.click(within(own).getByRole('button', { name: 'Show Replies (1)' }));
  await user.click(within(own).getByRole('button', { name: 'Report reply by Budi' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Report this reply to the admins?' })).getByRole('button', {
      name: 'Report',
    }),
  );
  expect(await within(own).findByRole('button', { name: 'Reported reply by Budi' })).toBeDisabled();
  expect(reportCreate).toHaveBeenLastCalledWith({
    query: {},
    body: { kind: 'general', discussion_id: 1, reply_id: 'r-1' },
  });
});

test('a failed load shows only the error text in place of the page', async () => {
  quietFailedRequests();
  serveBoard([]).list.mockImplementation(serverDown);
  board();
  expect(await screen.findByText('Error fetching group discussions, please try again later.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Ask a Question' })).not.toBeInTheDocument();
});

test('texts are plain text: markup and entities show as typed, line breaks are kept, edit pre-fills them unchanged', async () => {
  const user = userEvent.setup();
  const typed: Discussion = {
    id: 3,
    student_id: 5,
    student_name: 'Siti Rahma',
    topic: 'Kalau x<y dan y>z, apakah x<z? Tom &amp; Jerry',
    description: '3 < 5 & 7\nbaris <i>dua</i>',
    replies: [{ id: 'r-2', student_id: 6, name: 'Budi', reply: '<b>x</b> & y', time: '2025-01-05T15:10:00+07:00' }],
  };
  serveBoard([typed]);
  board();
  const card = await screen.findByRole('article', { name: typed.topic });
  expect(within(card).getByRole('heading', { name: typed.topic })).toHaveTextContent(typed.topic, {
    normalizeWhitespace: false,
  });
  const description = within(card).getByText((_, el) => el?.textContent === typed.description);
  expect(description).toHaveStyle({ whiteSpace: 'pre-wrap' });

  await user.click(within(card).getByRole('button', { name: 'Show Replies (1)' }));
  const reply = within(card).getByText('<b>x</b> & y');
  expect(reply).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(card.querySelector('b, i')).toBeNull();

  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Question' });
  expect(within(dialog).getByRole('textbox', { name: 'Topic' })).toHaveValue(typed.topic);
  expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(typed.description);
});

test("a teacher's answer is marked as the teacher's (name and role); a student's is not", async () => {
  const user = userEvent.setup();
  const question: Discussion = {
    id: 3,
    student_id: 5,
    student_name: 'Siti Rahma',
    topic: 'Apa itu sel?',
    description: 'Bingung',
    material_id: 4,
    replies: [
      {
        id: 'r-t',
        student_id: null,
        teacher_id: 7,
        role: 'teacher',
        name: 'Bu Sari',
        reply: 'Unit terkecil <b>kehidupan</b>.',
        time: '2025-01-05T15:10:00+07:00',
      },
      { id: 'r-s', student_id: 6, role: 'student', name: 'Budi', reply: 'Setuju.', time: '2025-01-05T15:20:00+07:00' },
    ],
  };
  serveBoard([question]);
  board();
  const card = await screen.findByRole('article', { name: 'Apa itu sel?' });
  await user.click(within(card).getByRole('button', { name: 'Show Replies (2)' }));
  const [teacherReply, studentReply] = within(
    within(card).getByRole('list', { name: 'Replies to Apa itu sel?' }),
  ).getAllByRole('listitem');
  expect(teacherReply).toHaveTextContent(/^Bu Sari Teacher/);
  // Plain text: the tag is shown as typed, never rendered.
  expect(within(teacherReply).getByText('Unit terkecil <b>kehidupan</b>.')).toBeInTheDocument();
  expect(within(studentReply).getByText('Budi')).toBeInTheDocument();
  expect(within(studentReply).queryByText('Teacher')).not.toBeInTheDocument();
});

/** The server refusing a write, with its reason and the field it is about (as its validation words them). */
const refused = (status: number, message: string, field?: string) => () =>
  refusal(status, { error: message, message, ...(field ? { field } : {}) });

test("a refused question shows the server's reason under its field, cleared when that field changes", async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const server = serveBoard([mine]);
  server.update.mockImplementationOnce(refused(400, 'Topic must be at most 200 characters.', 'topic'));
  board();
  await user.click(
    within(await screen.findByRole('article', { name: 'Soal limit' })).getByRole('button', { name: 'Edit' }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Edit Question' });
  const topic = within(dialog).getByRole('textbox', { name: 'Topic' });
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(topic).toHaveAccessibleDescription('Topic must be at most 200 characters.'));
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '!');
  expect(topic).toHaveAccessibleDescription('Topic must be at most 200 characters.');
  await user.type(topic, '?');
  expect(within(dialog).queryByText('Topic must be at most 200 characters.')).not.toBeInTheDocument();

  server.update.mockImplementationOnce(refused(404, 'Discussion not found'));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText('Could not save your question: Discussion not found')).toBeInTheDocument();
});

test("a refused answer says the server's reason next to the answer field, cleared when typing", async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  serveBoard([theirs]).reply.mockImplementationOnce(
    refused(400, 'Replies must be at most 2000 characters.', 'replies'),
  );
  board();
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  const input = within(card).getByRole('textbox', { name: 'Write an Answer to Tugas kimia' });
  await user.type(input, 'Panjang sekali.{Enter}');
  await waitFor(() =>
    expect(input).toHaveAccessibleDescription('Could not send your answer: Replies must be at most 2000 characters.'),
  );
  await user.type(input, '!');
  expect(within(card).queryByText(/Could not send your answer/)).not.toBeInTheDocument();
});

test('a sent answer makes the board ask for its questions again (a later visit shows it)', async () => {
  const user = userEvent.setup();
  const server = serveBoard([theirs]);
  board();
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  expect(server.list).toHaveBeenCalledTimes(1);
  await user.type(within(card).getByPlaceholderText('Write an Answer'), 'Besok pagi.{Enter}');
  await waitFor(() => expect(server.list).toHaveBeenCalledTimes(2));
  expect(await within(card).findByText('Besok pagi.')).toBeInTheDocument();
});

test('when asking again after a deletion fails, the questions on screen stay', async () => {
  const user = userEvent.setup();
  quietFailedRequests();
  const server = serveBoard([mine, theirs]);
  board();
  const own = await screen.findByRole('article', { name: 'Soal limit' });
  server.list.mockImplementationOnce(serverDown);
  await user.click(within(own).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete Question' })).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() => expect(server.list).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('article', { name: 'Tugas kimia' })).toBeInTheDocument();
  expect(screen.queryByText('Error fetching group discussions, please try again later.')).not.toBeInTheDocument();
});

test('the page is in the URL: a new question leads back to page 1', async () => {
  const user = userEvent.setup();
  serveBoard([theirs]).list.mockImplementation(({ query }) => {
    const page = Number(query.page);
    return { discussions: [{ ...theirs, id: page, topic: `Pertanyaan ${page}` }], meta: metaOf(12, 10, page) };
  });
  board();
  await screen.findByRole('article', { name: 'Pertanyaan 1' });
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('article', { name: 'Pertanyaan 2' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/?page=2');
  await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask a Question' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Baru');
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  expect(await screen.findByRole('article', { name: 'Pertanyaan 1' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});

test('while the next page loads, its rows make way for Loading... and the pager stays in place', async () => {
  const user = userEvent.setup();
  const next = deferred<Answer<'get /discussions'>>();
  const twoPages = metaOf(12, 10);
  serveBoard([theirs]).list.mockImplementation(({ query }) =>
    query.page === '1' ? { discussions: [{ ...theirs, topic: 'Pertanyaan 1' }], meta: twoPages } : next.promise,
  );
  board();
  await screen.findByRole('article', { name: 'Pertanyaan 1' });
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Loading...')).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'Pertanyaan 1' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
  next.resolve({ discussions: [{ ...theirs, id: 3, topic: 'Pertanyaan 2' }], meta: { ...twoPages, page: 2 } });
  expect(await screen.findByRole('article', { name: 'Pertanyaan 2' })).toBeInTheDocument();
});

test.each([
  ['en', `Your answer is too long: at most ${MAX_REPLY_BYTES} bytes (a letter takes 1, an emoji 4).`],
  ['id', `Jawaban Anda terlalu panjang: maksimal ${MAX_REPLY_BYTES} byte (satu huruf 1 byte, satu emoji 4 byte).`],
])("%s: an answer past the server's cap in bytes is not sent, and says why", async (language, message) => {
  await i18next.changeLanguage(language);
  const server = serveBoard([theirs]);
  board();
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  const input = within(card).getByRole('textbox');
  // Within the cap in characters, past it in bytes: an emoji takes 4.
  fireEvent.change(input, { target: { value: '😀'.repeat(MAX_REPLY_BYTES / 4) + 'x' } });
  fireEvent.submit(input.closest('form')!);
  expect(await within(card).findByText(message)).toBeInTheDocument();
  expect(server.reply).not.toHaveBeenCalled();
  // At the cap exactly: sent.
  fireEvent.change(input, { target: { value: '😀'.repeat(MAX_REPLY_BYTES / 4) } });
  fireEvent.submit(input.closest('form')!);
  await waitFor(() => expect(server.reply).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(server.list).toHaveBeenCalledTimes(2)); // the board is read again after the answer
  cleanup();
});

test("a topic or description past the server's cap in bytes is refused at its field, and not sent", async () => {
  const user = userEvent.setup();
  const server = serveBoard([]);
  board({ errorText: 'x', emptyText: 'Nothing yet.' });
  await user.click(await screen.findByRole('button', { name: 'Ask a Question' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask a Question' });
  const topic = within(dialog).getByRole('textbox', { name: 'Topic' });
  const description = within(dialog).getByRole('textbox', { name: 'Description' });
  fireEvent.change(topic, { target: { value: 'é'.repeat(MAX_TOPIC_BYTES / 2 + 1) } });
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  expect(
    await within(dialog).findByText(
      `Topic is too long: at most ${MAX_TOPIC_BYTES} bytes (a letter takes 1, an emoji 4).`,
    ),
  ).toBeInTheDocument();
  fireEvent.change(topic, { target: { value: 'Trigonometri' } });
  fireEvent.change(description, { target: { value: '"'.repeat(MAX_DESCRIPTION_BYTES / 2 + 1) } });
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  expect(
    await within(dialog).findByText(
      `Description is too long: at most ${MAX_DESCRIPTION_BYTES} bytes (a letter takes 1, an emoji 4).`,
    ),
  ).toBeInTheDocument();
  expect(server.create).not.toHaveBeenCalled();
});

test('while a write is on its way its button is busy; a refused deletion says why until a deletion goes through', async () => {
  const user = userEvent.setup();
  quietFailedRequests();
  const server = serveBoard([mine, theirs]);
  const posting = held({ ...theirs, id: 9, topic: 'Trigonometri', description: '' });
  server.create.mockImplementationOnce(posting.reply);
  server.remove.mockImplementationOnce(refused(404, 'Discussion not found'));
  board();
  const own = await screen.findByRole('article', { name: 'Soal limit' });

  await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask a Question' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Trigonometri');
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Post Question' })).toBeDisabled());
  posting.release();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  await user.click(within(own).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete Question' })).getByRole('button', { name: 'Delete' }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete the question: Discussion not found');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await user.click(within(screen.getByRole('article', { name: 'Soal limit' })).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete Question' })).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() => expect(server.remove).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByText(/Could not delete the question/)).toBeNull());
});

test('a report that failed says so and can be sent again', async () => {
  const user = userEvent.setup();
  quietFailedRequests();
  const reportCreate = reply('post /reports', () => report(1));
  reportCreate.mockImplementationOnce(() => refusal(500, {}));
  serveBoard([theirs]);
  board();
  const other = await screen.findByRole('article', { name: 'Tugas kimia' });
  await user.click(within(other).getByRole('button', { name: 'Report question "Tugas kimia"' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Report' }));
  const again = await within(other).findByRole('button', { name: 'Report question "Tugas kimia"' });
  await waitFor(() => expect(again).toHaveTextContent('Report failed, try again'));
  await user.click(again);
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Report' }));
  expect(await within(other).findByRole('button', { name: 'Reported question "Tugas kimia"' })).toBeDisabled();
  expect(reportCreate).toHaveBeenCalledTimes(2);
});
