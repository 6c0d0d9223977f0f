import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, materialDiscussionsApi, materialsApi } from '@kelasku/shared-api';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import ManageSubjects from './ManageSubjects';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, classId: jest.fn(), mine: jest.fn() },
    materialsApi: { ...actual.materialsApi, fromClass: jest.fn(), remove: jest.fn() },
    materialDiscussionsApi: { ...actual.materialDiscussionsApi, unanswered: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const meta = (totalPage: number) => ({ page: 1, pageSize: 15, total: 2, totalPage, totalpages: totalPage });
const subjects = [
  {
    id: 11,
    class_id: 4,
    teacher_id: 7,
    title: 'Sel Hewan',
    description: 'Struktur sel',
    content: '<p>x</p>',
    exercise_id: 5,
  },
  {
    id: 12,
    class_id: 4,
    teacher_id: 7,
    title: 'Genetika',
    description: 'Pewarisan sifat',
    content: '<p>y</p>',
    exercise_id: null,
  },
];

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(classesApi.classId).mockResolvedValue({ class_id: 4, total: 1 });
  mocked(classesApi.mine).mockResolvedValue({ classes: [{ id: 4, name: 'X IPA 1', grade: 10 }] });
  mocked(materialsApi.fromClass).mockResolvedValue({ materials: subjects, meta: meta(1) });
  mocked(materialDiscussionsApi.unanswered).mockResolvedValue({ materials: [], total: 0 });
});

it('shows how many student questions no teacher has answered, per subject and for the class (one read)', async () => {
  mocked(materialDiscussionsApi.unanswered).mockResolvedValue({
    materials: [
      { material_id: 12, unanswered: 2 },
      { material_id: 99, unanswered: 1 },
    ],
    total: 3,
  });
  renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
  expect(await screen.findByText("3 student questions in this class have no teacher's answer yet.")).toHaveAttribute(
    'role',
    'status',
  );
  const cards = screen.getAllByRole('article');
  expect(within(cards[1]).getByText("2 questions without a teacher's answer")).toBeInTheDocument();
  expect(within(cards[0]).queryByText(/without a teacher's answer/)).toBeNull();
  expect(materialDiscussionsApi.unanswered).toHaveBeenCalledTimes(1);
  expect(materialDiscussionsApi.unanswered).toHaveBeenCalledWith(4);
});

describe('Manage Subjects', () => {
  it("shows the grade class's subjects as cards with preview, create, exam menu and class stream links", async () => {
    const user = userEvent.setup();
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    expect(await screen.findByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
    expect(classesApi.classId).toHaveBeenCalledWith(10, 7);
    expect(materialsApi.fromClass).toHaveBeenCalledWith(4, 1);
    expect(screen.getByText('10th Grade')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview this subject: Sel Hewan' })).toHaveAttribute(
      'href',
      '/DetailSubjects?id=11',
    );
    expect(screen.getByRole('link', { name: 'Create Subject' })).toHaveAttribute('href', '/CreateSubjects10?class=4');
    // One class in the grade: no class picker.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Class Stream' })).toHaveAttribute('href', '/ManageTaskExam?class_id=4');
    await user.click(screen.getByRole('button', { name: 'Exam Menu' }));
    expect(screen.getByRole('menuitem', { name: 'Create an Exam' })).toHaveAttribute('href', '/CreateExam?class_id=4');
    expect(screen.getByRole('menuitem', { name: 'Preview your Exam' })).toHaveAttribute(
      'href',
      '/PreviewAnExam?class_id=4',
    );
  });

  it('deletes a subject after confirmation and removes its card', async () => {
    const user = userEvent.setup();
    mocked(materialsApi.remove).mockResolvedValue({ message: 'ok' });
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    await user.click(await screen.findByRole('button', { name: 'Options for Genetika' }));
    expect(screen.getByRole('menuitem', { name: 'Edit Subject' })).toHaveAttribute('href', '/EditSubjects?id=12');
    mocked(materialsApi.fromClass).mockResolvedValue({ materials: [subjects[0]], meta: meta(1) });
    await user.click(screen.getByRole('menuitem', { name: 'Delete Subject' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      "are you sure you want to delete Genetika? Its exercise, the students' answers and grades for it, and its discussions are deleted with it. This cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(materialsApi.remove).toHaveBeenCalledWith(12);
    expect(screen.queryByRole('heading', { name: 'Genetika' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
  });

  it('pages through subjects', async () => {
    const user = userEvent.setup();
    mocked(materialsApi.fromClass).mockResolvedValue({ materials: subjects, meta: meta(2) });
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(materialsApi.fromClass).toHaveBeenLastCalledWith(4, 2));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10?page=2');
  });

  it('opens the page named in the URL (a reload keeps the page)', async () => {
    mocked(materialsApi.fromClass).mockResolvedValue({ materials: subjects, meta: { ...meta(2), page: 2 } });
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10?page=2');
    expect(await screen.findByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
    expect(materialsApi.fromClass).toHaveBeenCalledWith(4, 2);
    expect(materialsApi.fromClass).not.toHaveBeenCalledWith(4, 1);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('picking another class starts at its first page', async () => {
    const user = userEvent.setup();
    mocked(classesApi.mine).mockResolvedValue({
      classes: [
        { id: 4, name: 'X IPA 1', grade: 10 },
        { id: 9, name: 'X IPA 2', grade: 10 },
      ],
    });
    mocked(materialsApi.fromClass).mockResolvedValue({ materials: subjects, meta: meta(2) });
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10?page=2');
    await user.click(await screen.findByRole('tab', { name: 'X IPA 2' }));
    await waitFor(() => expect(materialsApi.fromClass).toHaveBeenLastCalledWith(9, 1));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10?class=9');
  });

  it('a second visit shows the cached subjects at once and reads them again in the background', async () => {
    const user = userEvent.setup();
    function Visits() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            Leave or come back
          </button>
          {shown && <ManageSubjects grade={10} />}
        </>
      );
    }
    renderAt(<Visits />, '/ManageSubjects10');
    expect(await screen.findByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave or come back' }));
    expect(screen.queryByRole('heading', { name: 'Sel Hewan' })).not.toBeInTheDocument();

    const fresh = deferred<{ materials: typeof subjects; meta: ReturnType<typeof meta> }>();
    mocked(materialsApi.fromClass).mockReturnValue(fresh.promise);
    // Come back after the cached list went stale (30 s).
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      await user.click(screen.getByRole('button', { name: 'Leave or come back' }));
      expect(screen.getByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
      await waitFor(() => expect(materialsApi.fromClass).toHaveBeenCalledTimes(2));
      fresh.resolve({ materials: [...subjects, { ...subjects[1], id: 13, title: 'Ekologi' }], meta: meta(1) });
      expect(await screen.findByRole('heading', { name: 'Ekologi' })).toBeInTheDocument();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("shows 'Error fetching materials' with Retry when the list fails", async () => {
    mocked(materialsApi.fromClass).mockRejectedValue(new Error('500'));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    expect(await screen.findByText('Error fetching materials')).toBeInTheDocument();
  });

  it("warns 'Class ID not found' and shows a friendly empty state without a class", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    mocked(classesApi.classId).mockResolvedValue({ class_id: null, total: 0 });
    renderAt(<ManageSubjects grade={11} />, '/ManageSubjects11');
    expect(
      await screen.findByText("You don't teach a class in 11th Grade yet. Ask the admin to create one."),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Class ID not found');
    expect(screen.queryByRole('link', { name: 'Create Subject' })).not.toBeInTheDocument();
  });

  it('several classes in one grade: tabs pick the class (kept in the URL) and every link follows it', async () => {
    const user = userEvent.setup();
    mocked(classesApi.mine).mockResolvedValue({
      classes: [
        { id: 4, name: 'X IPA 1', grade: 10 },
        { id: 9, name: 'X IPA 2', grade: 10 },
        { id: 5, name: 'XI IPA 1', grade: 11 },
      ],
    });
    mocked(materialsApi.fromClass).mockImplementation(async (classId: number) => ({
      materials: classId === 9 ? [{ ...subjects[1], id: 21, class_id: 9, title: 'Ekologi' }] : subjects,
      meta: meta(1),
    }));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    expect(await screen.findByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Your classes in this grade' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['X IPA 1', 'X IPA 2']);
    expect(within(tabs).getByRole('tab', { name: 'X IPA 1' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: 'X IPA 2' }));
    expect(await screen.findByRole('heading', { name: 'Ekologi' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sel Hewan' })).not.toBeInTheDocument();
    expect(materialsApi.fromClass).toHaveBeenLastCalledWith(9, 1);
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10?class=9');
    expect(screen.getByText('Class X IPA 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Subject' })).toHaveAttribute('href', '/CreateSubjects10?class=9');
    expect(screen.getByRole('link', { name: 'Class Stream' })).toHaveAttribute('href', '/ManageTaskExam?class_id=9');
  });

  it('opens the class named in the URL', async () => {
    mocked(classesApi.mine).mockResolvedValue({
      classes: [
        { id: 4, name: 'X IPA 1', grade: 10 },
        { id: 9, name: 'X IPA 2', grade: 10 },
      ],
    });
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10?class=9');
    expect(await screen.findByRole('tab', { name: 'X IPA 2' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(materialsApi.fromClass).toHaveBeenCalledWith(9, 1));
    expect(materialsApi.fromClass).not.toHaveBeenCalledWith(4, 1);
  });
});
