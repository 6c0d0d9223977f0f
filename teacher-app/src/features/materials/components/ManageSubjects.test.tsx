import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Material } from '@kelasku/shared-api';
import { renderAt, withUserTiming } from '@kelasku/shared-ui/src/test-utils';
import { held, refusal } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { classItem, material, meta, signInAsTeacher, SUBJECTS, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import ManageSubjects from './ManageSubjects';

const subjects = SUBJECTS;
const X_IPA_2 = classItem({ id: 9, name: 'X IPA 2', grade: 10 });
/** A page of the class's subjects. */
const page = (materials: Material[], totalPage = 1) => ({ materials, meta: meta(materials.length, totalPage) });
/** What a read of class `id`'s subjects page `n` asked. */
const subjectsOf = (id: number, n: number) => asked({ id: String(id), page: String(n) });

let classes: ReturnType<typeof answerMyClasses>;
let fromClass: Replier<'get /materials/from-class'>;
let unanswered: Replier<'get /discussions-material/unanswered'>;
beforeEach(() => {
  signInAsTeacher();
  classes = answerMyClasses([X_IPA_1]);
  fromClass = reply('get /materials/from-class', () => page(subjects));
  unanswered = reply('get /discussions-material/unanswered', () => ({ materials: [], total: 0 }));
});

describe('the usable mark', () => {
  withUserTiming();

  // First in this file: the tabs' code is not loaded yet (a module keeps it once loaded).
  it('with several classes in the grade, is set as their tabs show (their code loads once the classes are known)', async () => {
    answerMyClasses([X_IPA_1, X_IPA_2]);
    let tabsAtMark: boolean | undefined;
    const mark = performance.mark.bind(performance);
    jest.spyOn(performance, 'mark').mockImplementation((...args) => {
      tabsAtMark ??= screen.queryByRole('tablist') !== null;
      return mark(...args);
    });
    try {
      renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
      expect(await screen.findByRole('tablist', { name: 'Your classes in this grade' })).toBeInTheDocument();
      expect(tabsAtMark).toBe(true);
    } finally {
      jest.restoreAllMocks();
    }
  });
});

it('shows how many student questions no teacher has answered, per subject and for the class (one read)', async () => {
  unanswered.mockImplementation(() => ({
    materials: [
      { material_id: 12, unanswered: 2 },
      { material_id: 99, unanswered: 1 },
    ],
    total: 3,
  }));
  renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
  expect(await screen.findByText("3 student questions in this class have no teacher's answer yet.")).toHaveAttribute(
    'role',
    'status',
  );
  const cards = screen.getAllByRole('article');
  expect(within(cards[1]).getByText("2 questions without a teacher's answer")).toBeInTheDocument();
  expect(within(cards[0]).queryByText(/without a teacher's answer/)).toBeNull();
  expect(unanswered).toHaveBeenCalledTimes(1);
  expect(unanswered).toHaveBeenCalledWith(asked({ class_id: '4' }));
});

describe('Manage Subjects', () => {
  it("shows the grade class's subjects as cards with preview, create, exam menu and class stream links", async () => {
    const user = userEvent.setup();
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    expect(await screen.findByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
    expect(classes.classId).toHaveBeenCalledWith(asked({ grade: '10', teacher_id: '7' }));
    expect(fromClass).toHaveBeenCalledWith(subjectsOf(4, 1));
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
    // The menu's code loads at its first open.
    expect(await screen.findByRole('menuitem', { name: 'Create an Exam' })).toHaveAttribute(
      'href',
      '/CreateExam?class_id=4',
    );
    expect(screen.getByRole('menuitem', { name: 'Preview your Exam' })).toHaveAttribute(
      'href',
      '/PreviewAnExam?class_id=4',
    );
  });

  it('deletes a subject after confirmation and removes its card', async () => {
    const user = userEvent.setup();
    const remove = reply('delete /materials', () => ({ message: 'ok' }));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    await user.click(await screen.findByRole('button', { name: 'Options for Genetika' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Subject' })).toHaveAttribute(
      'href',
      '/EditSubjects?id=12',
    );
    fromClass.mockImplementation(() => page([subjects[0]]));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Subject' }));
    const dialog = await screen.findByRole('dialog'); // its code loads at the first Delete
    expect(dialog).toHaveTextContent(
      "are you sure you want to delete Genetika? Its exercise, the students' answers and grades for it, and its discussions are deleted with it. This cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith(asked({ id: '12' }));
    expect(screen.queryByRole('heading', { name: 'Genetika' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
  });

  it('pages through subjects', async () => {
    const user = userEvent.setup();
    fromClass.mockImplementation(() => page(subjects, 2));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(fromClass).toHaveBeenLastCalledWith(subjectsOf(4, 2)));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10?page=2');
  });

  it('opens the page named in the URL (a reload keeps the page)', async () => {
    fromClass.mockImplementation(() => ({ materials: subjects, meta: meta(2, 2, 15, 2) }));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10?page=2');
    expect(await screen.findByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
    expect(fromClass).toHaveBeenCalledWith(subjectsOf(4, 2));
    expect(fromClass).not.toHaveBeenCalledWith(subjectsOf(4, 1));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('picking another class starts at its first page', async () => {
    const user = userEvent.setup();
    answerMyClasses([X_IPA_1, X_IPA_2]);
    fromClass.mockImplementation(() => page(subjects, 2));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10?page=2');
    await user.click(await screen.findByRole('tab', { name: 'X IPA 2' }));
    await waitFor(() => expect(fromClass).toHaveBeenLastCalledWith(subjectsOf(9, 1)));
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

    const fresh = held(page([...subjects, material({ ...subjects[1], id: 13, title: 'Ekologi' })]));
    fromClass.mockImplementation(fresh.reply);
    // Come back after the cached list went stale (30 s).
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      await user.click(screen.getByRole('button', { name: 'Leave or come back' }));
      expect(screen.getByRole('heading', { name: 'Sel Hewan' })).toBeInTheDocument();
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
      await waitFor(() => expect(fromClass).toHaveBeenCalledTimes(2));
      fresh.release();
      expect(await screen.findByRole('heading', { name: 'Ekologi' })).toBeInTheDocument();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("shows 'Error fetching materials' with Retry when the list fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fromClass.mockImplementation(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10');
    expect(await screen.findByText('Error fetching materials')).toBeInTheDocument();
  });

  it("warns 'Class ID not found' and shows a friendly empty state without a class", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt(<ManageSubjects grade={11} />, '/ManageSubjects11');
    expect(
      await screen.findByText("You don't teach a class in 11th Grade yet. Ask the admin to create one."),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Class ID not found');
    expect(screen.queryByRole('link', { name: 'Create Subject' })).not.toBeInTheDocument();
  });

  it('several classes in one grade: tabs pick the class (kept in the URL) and every link follows it', async () => {
    const user = userEvent.setup();
    answerMyClasses([X_IPA_1, X_IPA_2, classItem({ id: 5, name: 'XI IPA 1', grade: 11 })]);
    fromClass.mockImplementation(({ query }) =>
      page(query.id === '9' ? [material({ ...subjects[1], id: 21, class_id: 9, title: 'Ekologi' })] : subjects),
    );
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
    expect(fromClass).toHaveBeenLastCalledWith(subjectsOf(9, 1));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10?class=9');
    expect(screen.getByText('Class X IPA 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Subject' })).toHaveAttribute('href', '/CreateSubjects10?class=9');
    expect(screen.getByRole('link', { name: 'Class Stream' })).toHaveAttribute('href', '/ManageTaskExam?class_id=9');
  });

  it('opens the class named in the URL', async () => {
    answerMyClasses([X_IPA_1, X_IPA_2]);
    renderAt(<ManageSubjects grade={10} />, '/ManageSubjects10?class=9');
    expect(await screen.findByRole('tab', { name: 'X IPA 2' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(fromClass).toHaveBeenCalledWith(subjectsOf(9, 1)));
    expect(fromClass).not.toHaveBeenCalledWith(subjectsOf(4, 1));
  });
});
