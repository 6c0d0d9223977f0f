import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import i18next from 'i18next';
import {
  MAX_DESCRIPTION_BYTES,
  MAX_REPLY_BYTES,
  MAX_REPORT_REASON_BYTES,
  MAX_TOPIC_BYTES,
} from '@kelasku/shared-rules';
import { reportsApi, type Discussion } from '@kelasku/shared-api';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../test/fixtures';
import { DiscussionBoard } from './DiscussionBoard';
import type { DiscussionSource } from '../../lib/discussions';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return { ...actual, reportsApi: { ...actual.reportsApi, create: jest.fn() } };
});

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
const meta = (total: number) => ({ page: 1, pageSize: 10, total, totalPage: total ? 1 : 0, totalpages: total ? 1 : 0 });

function makeSource(discussions: Discussion[]): jest.Mocked<DiscussionSource> {
  const source = {
    kind: 'general',
    key: ['discussions', 'test'],
    list: jest.fn(async () => ({ discussions, meta: meta(discussions.length) })),
    create: jest.fn(async () => ({})),
    update: jest.fn(async () => ({})),
    remove: jest.fn(async () => ({})),
    reply: jest.fn(async (id: number, text: string) => ({
      ...discussions.find((d) => d.id === id)!,
      replies: [
        ...(discussions.find((d) => d.id === id)!.replies ?? []),
        { id: 'r-new', student_id: 5, name: 'Siti Rahma', reply: text, time: '2025-01-05T15:00:00+07:00' },
      ],
    })),
  };
  return source as unknown as jest.Mocked<DiscussionSource>;
}

const board = (
  source: DiscussionSource,
  texts = { errorText: 'Error fetching group discussions, please try again later.', emptyText: 'Nothing yet.' },
) => renderAt(<DiscussionBoard source={source} heading="Group Discussions" {...texts} replaceOnError />);

beforeEach(() => {
  localStorage.clear();
  signInStudent(5);
  jest.clearAllMocks();
});

test("shows author, topic and description; Edit and Delete only on the student's own question", async () => {
  board(makeSource([mine, theirs]));
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
  board(makeSource([mine]));
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
  const source = makeSource([theirs]);
  board(source);
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  const input = within(card).getByPlaceholderText('Write an Answer');
  await user.type(input, '   {Enter}');
  expect(within(card).getByRole('button', { name: 'Send answer' })).toBeDisabled();
  expect(source.reply).not.toHaveBeenCalled();
  await user.clear(input);
  await user.type(input, 'Besok pagi.{Enter}');
  await waitFor(() => expect(source.reply).toHaveBeenCalledWith(2, 'Besok pagi.'));
  expect(await within(card).findByText('Besok pagi.')).toBeInTheDocument();
  expect(input).toHaveValue('');
});

test('Ask a Question opens a dialog and posts topic and description', async () => {
  const user = userEvent.setup();
  const source = makeSource([]);
  board(source, { errorText: 'x', emptyText: 'Nothing yet.' });
  expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask a Question' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Trigonometri');
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Apa itu sin?');
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  await waitFor(() =>
    expect(source.create).toHaveBeenCalledWith({ topic: 'Trigonometri', description: 'Apa itu sin?' }),
  );
  await waitFor(() => expect(source.list).toHaveBeenCalledTimes(2));
});

test('edit pre-fills the dialog; delete asks first', async () => {
  const user = userEvent.setup();
  const source = makeSource([mine]);
  board(source);
  const own = await screen.findByRole('article', { name: 'Soal limit' });
  await user.click(within(own).getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Question' });
  const topic = within(dialog).getByRole('textbox', { name: 'Topic' });
  expect(topic).toHaveValue('Soal limit');
  await user.clear(topic);
  await user.type(topic, 'Soal limit tak hingga');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() =>
    expect(source.update).toHaveBeenCalledWith(1, {
      topic: 'Soal limit tak hingga',
      description: 'Bagaimana cara menghitung limit?',
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(screen.getByRole('article', { name: 'Soal limit' })).getByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete Question' });
  expect(within(confirm).getByText('are you sure you want to delete Soal limit?')).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(source.remove).toHaveBeenCalledWith(1));
});

test('report turns into Reported (also when it was already reported)', async () => {
  const user = userEvent.setup();
  const reportCreate = reportsApi.create as jest.Mock;
  reportCreate.mockResolvedValueOnce({ id: 1 });
  reportCreate.mockRejectedValueOnce(
    new AxiosError('dup', 'ERR_BAD_REQUEST', undefined, undefined, { status: 409, data: {} } as never),
  );
  board(makeSource([mine, theirs]));
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
  expect(reportCreate).toHaveBeenCalledWith({ kind: 'general', discussion_id: 2, reason: 'Bukan tentang pelajaran' });

  const own = screen.getByRole('article', { name: 'Soal limit' });
  await user.click(within(own).getByRole('button', { name: 'Show Replies (1)' }));
  await user.click(within(own).getByRole('button', { name: 'Report reply by Budi' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Report this reply to the admins?' })).getByRole('button', {
      name: 'Report',
    }),
  );
  expect(await within(own).findByRole('button', { name: 'Reported reply by Budi' })).toBeDisabled();
  expect(reportCreate).toHaveBeenLastCalledWith({ kind: 'general', discussion_id: 1, reply_id: 'r-1' });
});

test('a failed load shows only the error text in place of the page', async () => {
  const source = makeSource([]);
  source.list.mockRejectedValue(new Error('boom'));
  board(source);
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
  const source = makeSource([typed]);
  board(source);
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
  const asked: Discussion = {
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
  board(makeSource([asked]));
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

const refused = (message: string, field?: string) =>
  new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 400,
    data: { error: message, message, field },
  } as never);

test("a refused question shows the server's reason under its field, cleared when that field changes", async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const source = makeSource([mine]);
  source.update.mockRejectedValueOnce(refused('Topic must be at most 200 characters.', 'topic'));
  board(source);
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

  source.update.mockRejectedValueOnce(refused('Discussion not found'));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText('Could not save your question: Discussion not found')).toBeInTheDocument();
});

test("a refused answer says the server's reason next to the answer field, cleared when typing", async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const source = makeSource([theirs]);
  source.reply.mockRejectedValueOnce(refused('Replies must be at most 2000 characters.', 'replies'));
  board(source);
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
  const source = makeSource([theirs]);
  board(source);
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  expect(source.list).toHaveBeenCalledTimes(1);
  await user.type(within(card).getByPlaceholderText('Write an Answer'), 'Besok pagi.{Enter}');
  await waitFor(() => expect(source.list).toHaveBeenCalledTimes(2));
  expect(await within(card).findByText('Besok pagi.')).toBeInTheDocument();
});

test('when asking again after a deletion fails, the questions on screen stay', async () => {
  const user = userEvent.setup();
  const source = makeSource([mine, theirs]);
  board(source);
  const own = await screen.findByRole('article', { name: 'Soal limit' });
  source.list.mockRejectedValueOnce(new Error('down'));
  await user.click(within(own).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete Question' })).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() => expect(source.list).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('article', { name: 'Tugas kimia' })).toBeInTheDocument();
  expect(screen.queryByText('Error fetching group discussions, please try again later.')).not.toBeInTheDocument();
});

test('the page is in the URL: a new question leads back to page 1', async () => {
  const user = userEvent.setup();
  const source = makeSource([theirs]);
  source.list.mockImplementation(async (page: number) => ({
    discussions: [{ ...theirs, id: page, topic: `Pertanyaan ${page}` }],
    meta: { page, pageSize: 10, total: 12, totalPage: 2, totalpages: 2 },
  }));
  board(source);
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
  const source = makeSource([theirs]);
  const next = deferred<{ discussions: Discussion[]; meta: ReturnType<typeof meta> }>();
  const twoPages = { page: 1, pageSize: 10, total: 12, totalPage: 2, totalpages: 2 };
  source.list.mockImplementation(async (page: number) =>
    page === 1 ? { discussions: [{ ...theirs, topic: 'Pertanyaan 1' }], meta: twoPages } : next.promise,
  );
  board(source);
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
  const source = makeSource([theirs]);
  board(source);
  const card = await screen.findByRole('article', { name: 'Tugas kimia' });
  const input = within(card).getByRole('textbox');
  // Within the cap in characters, past it in bytes: an emoji takes 4.
  fireEvent.change(input, { target: { value: '😀'.repeat(MAX_REPLY_BYTES / 4) + 'x' } });
  fireEvent.submit(input.closest('form')!);
  expect(await within(card).findByText(message)).toBeInTheDocument();
  expect(source.reply).not.toHaveBeenCalled();
  // At the cap exactly: sent.
  fireEvent.change(input, { target: { value: '😀'.repeat(MAX_REPLY_BYTES / 4) } });
  fireEvent.submit(input.closest('form')!);
  await waitFor(() => expect(source.reply).toHaveBeenCalledTimes(1));
  cleanup();
});

test("a topic or description past the server's cap in bytes is refused at its field, and not sent", async () => {
  const user = userEvent.setup();
  const source = makeSource([]);
  board(source, { errorText: 'x', emptyText: 'Nothing yet.' });
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
  expect(source.create).not.toHaveBeenCalled();
});

test('while a write is on its way its button is busy; a refused deletion says why until a deletion goes through', async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const source = makeSource([mine, theirs]);
  const posting = deferred<unknown>();
  source.create.mockReturnValueOnce(posting.promise);
  source.remove.mockRejectedValueOnce(refused('Discussion not found'));
  board(source);
  const own = await screen.findByRole('article', { name: 'Soal limit' });

  await user.click(screen.getByRole('button', { name: 'Ask a Question' }));
  const dialog = screen.getByRole('dialog', { name: 'Ask a Question' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Trigonometri');
  await user.click(within(dialog).getByRole('button', { name: 'Post Question' }));
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Post Question' })).toBeDisabled());
  posting.resolve({});
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
  await waitFor(() => expect(source.remove).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByText(/Could not delete the question/)).toBeNull());
});

test('a report that failed says so and can be sent again', async () => {
  const user = userEvent.setup();
  const reportCreate = reportsApi.create as jest.Mock;
  reportCreate.mockRejectedValueOnce(
    new AxiosError('down', 'ERR_BAD_RESPONSE', undefined, undefined, { status: 500, data: {} } as never),
  );
  reportCreate.mockResolvedValueOnce({ id: 1 });
  board(makeSource([theirs]));
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
