import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Grade, Submission, SubmissionDetail } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal, unreachable } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { MC_AND_ESSAY, signInAsTeacher } from '../../../test/fixtures';
import { asked } from '../../../test/network';
import Grades from './Grades';
import Review from './Review';

/** Question 2 (an essay out of 50) scored 40 by the teacher: the grade the server answers a saved score with. */
const scoredByTeacher = (item: { exercise_id: number } | { exam_id: number }): Grade => ({
  id: 1,
  ...item,
  student_id: 1,
  score: 90,
  detail: {
    '1': { kind: 'mc', correct: true },
    '2': { kind: 'essay', score: 40, max: 50, pending: false, source: 'teacher' },
  },
});

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
});

describe('Grades', () => {
  const rows: Submission[] = [
    { student_id: 1, name: 'Ahmad Fauzi', nis: '2024100001', sheet_id: 3, status: 'Submitted', score: 75 },
    { student_id: 2, name: 'Budi Santoso', nis: '2024100002', sheet_id: null, status: 'Not started', score: null },
  ];

  it('lists every student with status and score, and links submitted sheets to the review', async () => {
    const submissions = reply('get /exercises/submissions', () => rows);
    renderAt(<Grades />, '/Grades?exercise_id=5');
    const table = await screen.findByRole('table', { name: 'Exercise grades' });
    expect(submissions).toHaveBeenCalledWith(asked({ exercise_id: '5' }));
    expect(within(table).getByText('Ahmad Fauzi').closest('tr')).toHaveTextContent('Submitted75');
    expect(within(table).getByText('Budi Santoso').closest('tr')).toHaveTextContent('Not started-');
    expect(screen.getByRole('link', { name: 'Review answers of Ahmad Fauzi' })).toHaveAttribute(
      'href',
      '/Review?exercise_id=5&student_id=1',
    );
    expect(screen.getByText('1 of 2 students submitted · average score 75')).toBeInTheDocument();
  });

  it("lists a deactivated student's work greyed and marked, and counts only the active students", async () => {
    reply('get /exercises/submissions', () => [
      ...rows.map((r) => ({ ...r, active: true })),
      {
        student_id: 3,
        name: 'Citra Dewi',
        nis: '2024100003',
        sheet_id: 4,
        status: 'Submitted',
        score: 100,
        active: false,
      },
    ]);
    renderAt(<Grades />, '/Grades?exercise_id=5');
    const table = await screen.findByRole('table', { name: 'Exercise grades' });
    const citra = within(table).getByText('Citra Dewi').closest('tr')!;
    expect(within(citra).getByText('Deactivated')).toBeInTheDocument();
    expect(
      within(within(table).getByText('Ahmad Fauzi').closest('tr')!).queryByText('Deactivated'),
    ).not.toBeInTheDocument();
    // 1 of the 2 active students; Citra's 100 is not in the average
    expect(screen.getByText('1 of 2 students submitted · average score 75')).toBeInTheDocument();
    expect(screen.getByText(/Greyed students are deactivated/)).toBeInTheDocument();
    // her sheet can still be opened
    expect(screen.getByRole('link', { name: 'Review answers of Citra Dewi' })).toBeInTheDocument();
  });

  it('exports the grades as a CSV file built in the browser', async () => {
    const user = userEvent.setup();
    reply('get /exams/submissions', () => rows);
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:grades';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAt(<Grades />, '/Grades?exam_id=2');
    await user.click(await screen.findByRole('button', { name: 'Export grades (CSV)' }));
    expect(clicked).toEqual(['exam-2-grades.csv']);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'Name;NIS;Status;Score\r\nAhmad Fauzi;2024100001;Submitted;75\r\nBudi Santoso;2024100002;Not started;\r\n',
    );
  });

  it('marks sheets to review, puts them first, and filters them', async () => {
    const user = userEvent.setup();
    reply('get /exams/submissions', () => [
      {
        student_id: 1,
        name: 'Ahmad Fauzi',
        nis: '2024100001',
        sheet_id: 3,
        status: 'Submitted',
        score: 75,
        pending_essays: 0,
        auto_scored_essays: 0,
        needs_review: false,
        auto_submitted: false,
      },
      { student_id: 2, name: 'Budi Santoso', nis: '2024100002', sheet_id: null, status: 'Not started', score: null },
      {
        student_id: 3,
        name: 'Citra Dewi',
        nis: '2024100003',
        sheet_id: 4,
        status: 'Submitted',
        score: 60,
        pending_essays: 0,
        auto_scored_essays: 1,
        needs_review: true,
        auto_submitted: true,
      },
      {
        student_id: 4,
        name: 'Dodi Pratama',
        nis: '2024100004',
        sheet_id: 5,
        status: 'Submitted',
        score: 50,
        pending_essays: 1,
        auto_scored_essays: 0,
        needs_review: true,
        auto_submitted: false,
      },
      { student_id: 5, name: 'Eka Putri', nis: '2024100005', sheet_id: 6, status: 'In progress', score: null },
    ]);
    renderAt(<Grades />, '/Grades?exam_id=2');
    const table = await screen.findByRole('table', { name: 'Exam grades' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.firstChild?.textContent);
    // Pending essays, then automatic scores, then other submitted sheets, in progress, not started.
    expect(names()).toEqual(['Dodi Pratama', 'Citra Dewi', 'Ahmad Fauzi', 'Eka Putri', 'Budi Santoso']);
    expect(within(table).getByText('Dodi Pratama').closest('tr')).toHaveTextContent('Pending review');
    const citra = within(table).getByText('Citra Dewi').closest('tr')!;
    expect(citra).toHaveTextContent('Auto-scored');
    expect(citra).toHaveTextContent('Auto-submitted');
    expect(within(table).getByText('Ahmad Fauzi').closest('tr')).not.toHaveTextContent(/Auto|Pending/);
    expect(screen.getByText(/2 to review/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Needs review' }));
    expect(names()).toEqual(['Dodi Pratama', 'Citra Dewi']);
    await user.click(screen.getByRole('button', { name: 'Not submitted' }));
    expect(names()).toEqual(['Eka Putri', 'Budi Santoso']);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Name' }));
    expect(names()).toEqual(['Ahmad Fauzi', 'Budi Santoso', 'Citra Dewi', 'Dodi Pratama', 'Eka Putri']);
  });

  it('shows an error with Retry when the grades cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('get /exercises/submissions', () => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<Grades />, '/Grades?exercise_id=5');
    expect(await screen.findByText('Failed to load the grades.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("says why after the screen's text: the server's reason, or that it could not be reached", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const submissions = reply('get /exercises/submissions', () => refusal(403, { message: 'Not your exercise' }));
    const { unmount } = renderAt(<Grades />, '/Grades?exercise_id=5');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load the grades\.Not your exercise/);
    unmount();
    submissions.mockImplementation(unreachable);
    renderAt(<Grades />, '/Grades?exercise_id=5');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the grades.The server could not be reached.',
    );
  });
});

describe('Review', () => {
  beforeEach(() => {
    // the class list "Next student" reads: Ahmad's is the only sheet
    reply('get /exercises/submissions', () => [
      { student_id: 1, name: 'Ahmad Fauzi', nis: '2024100001', sheet_id: 3, status: 'Submitted', score: 50 },
    ]);
  });

  const submission: SubmissionDetail = {
    student: { id: 1, name: 'Ahmad Fauzi', nis: '2024100001' },
    content: { ...MC_AND_ESSAY, '1': 'Ibu kota?' },
    answers: { '1': 'B', '2': 'Tumbuhan membuat makanan dari cahaya.' },
    score: 50,
    detail: {
      '1': { kind: 'mc', correct: true },
      '2': { kind: 'essay', score: 0, max: 50, pending: true, source: 'local' },
    },
  };

  it("shows the answers, the automatic essay score and pending state, and saves the teacher's override", async () => {
    const user = userEvent.setup();
    const sheet = reply('get /exercises/submission', () => submission);
    const setEssayScore = reply('patch /exercises/essay-score', () => scoredByTeacher({ exercise_id: 5 }));
    renderAt(<Review />, '/Review?exercise_id=5&student_id=1');
    expect(await screen.findByText('Total score: 50 / 100')).toBeInTheDocument();
    expect(sheet).toHaveBeenCalledWith(asked({ exercise_id: '5', student_id: '1' }));
    const q1 = screen.getByRole('region', { name: 'Question 1' });
    expect(within(q1).getByText('Correct')).toBeInTheDocument();
    expect(q1).toHaveTextContent("Student's answer: B (Jakarta)");
    const q2 = screen.getByRole('region', { name: 'Question 2' });
    expect(within(q2).getByText('Tumbuhan membuat makanan dari cahaya.')).toBeInTheDocument();
    expect(within(q2).getByText('Pending review')).toBeInTheDocument();
    expect(screen.getByText('1 essay pending review')).toBeInTheDocument();

    fill(within(q2).getByLabelText('Score for question 2'), '60');
    await user.click(within(q2).getByRole('button', { name: 'Save score for question 2' }));
    expect(within(q2).getByText('Enter a score from 0 to 50.')).toBeInTheDocument();
    expect(setEssayScore).not.toHaveBeenCalled();

    fill(within(q2).getByLabelText('Score for question 2'), '40');
    fill(within(q2).getByLabelText('Comment for question 2'), ' Sebutkan klorofil. ');
    await user.click(within(q2).getByRole('button', { name: 'Save score for question 2' }));
    await waitFor(() => expect(screen.getByText('Total score: 90 / 100')).toBeInTheDocument());
    expect(setEssayScore).toHaveBeenCalledWith({
      query: {},
      body: { exercise_id: 5, student_id: 1, number: 2, score: 40, comment: 'Sebutkan klorofil.' },
    });
    expect(
      within(screen.getByRole('region', { name: 'Question 2' })).queryByText('Pending review'),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Score for question 2 saved. New total: 90.')).toBeInTheDocument();
  });

  it('keeps the typed score when saving it fails, says so, and saves it on the next try', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('get /exercises/submission', () => submission);
    reply('patch /exercises/essay-score', () => scoredByTeacher({ exercise_id: 5 })).mockImplementationOnce(
      unreachable,
    );
    renderAt(<Review />, '/Review?exercise_id=5&student_id=1');
    const q2 = await screen.findByRole('region', { name: 'Question 2' });
    fill(within(q2).getByLabelText('Score for question 2'), '40');
    await user.click(within(q2).getByRole('button', { name: 'Save score for question 2' }));
    expect(await within(q2).findByText('Failed to save the score. Please try again.')).toBeInTheDocument();
    expect(within(q2).getByLabelText('Score for question 2')).toHaveValue(40);
    expect(within(q2).getByRole('button', { name: 'Save score for question 2' })).toBeEnabled();

    await user.click(within(q2).getByRole('button', { name: 'Save score for question 2' }));
    expect(await screen.findByText('Score for question 2 saved. New total: 90.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to save the score. Please try again.')).not.toBeInTheDocument();
  });

  it('confirms an automatic essay score and moves on to the next sheet to review', async () => {
    const user = userEvent.setup();
    const auto: SubmissionDetail = {
      ...submission,
      score: 90,
      detail: {
        '1': { kind: 'mc', correct: true },
        '2': { kind: 'essay', score: 40, max: 50, pending: false, source: 'local' },
      },
    };
    reply('get /exams/submission', ({ query }) =>
      query.student_id === '1' ? auto : { ...auto, student: { id: 3, name: 'Citra Dewi', nis: '2024100003' } },
    );
    reply('get /exams/submissions', () => [
      {
        student_id: 1,
        name: 'Ahmad Fauzi',
        nis: '2024100001',
        sheet_id: 3,
        status: 'Submitted',
        score: 90,
        auto_scored_essays: 1,
        needs_review: true,
      },
      {
        student_id: 2,
        name: 'Budi Santoso',
        nis: '2024100002',
        sheet_id: 4,
        status: 'Submitted',
        score: 100,
        needs_review: false,
      },
      {
        student_id: 3,
        name: 'Citra Dewi',
        nis: '2024100003',
        sheet_id: 5,
        status: 'Submitted',
        score: 90,
        auto_scored_essays: 1,
        needs_review: true,
      },
    ]);
    const setEssayScore = reply('patch /exams/essay-score', () => scoredByTeacher({ exam_id: 2 }));
    renderAt(<Review />, '/Review?exam_id=2&student_id=1');
    const q2 = await screen.findByRole('region', { name: 'Question 2' });
    expect(within(q2).getByText('Not confirmed')).toBeInTheDocument();
    await user.click(within(q2).getByRole('button', { name: 'Confirm score for question 2' }));
    expect(await screen.findByText('Score for question 2 confirmed.')).toBeInTheDocument();
    // the score as it stands, without a comment
    expect(setEssayScore).toHaveBeenCalledWith({
      query: {},
      body: { exam_id: 2, student_id: 1, number: 2, score: 40 },
    });
    expect(
      within(screen.getByRole('region', { name: 'Question 2' })).queryByText('Not confirmed'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Question 2' })).toHaveTextContent('(by teacher)');

    // Budi's sheet needs nothing: Next student skips it.
    await user.click(screen.getByRole('link', { name: 'Next student: Citra Dewi' }));
    expect(await screen.findByRole('heading', { name: 'Citra Dewi' })).toBeInTheDocument();
  });

  it('reuses the grades list it was opened from, and reads it again (not the sheet) after a score is confirmed', async () => {
    const user = userEvent.setup();
    const auto: SubmissionDetail = {
      ...submission,
      score: 90,
      detail: {
        '1': { kind: 'mc', correct: true },
        '2': { kind: 'essay', score: 40, max: 50, pending: false, source: 'local' },
      },
    };
    const ahmad: Submission = {
      student_id: 1,
      name: 'Ahmad Fauzi',
      nis: '2024100001',
      sheet_id: 3,
      status: 'Submitted',
      score: 90,
      auto_scored_essays: 1,
      needs_review: true,
    };
    const citra: Submission = {
      student_id: 3,
      name: 'Citra Dewi',
      nis: '2024100003',
      sheet_id: 5,
      status: 'Submitted',
      score: 90,
      auto_scored_essays: 1,
      needs_review: true,
    };
    const sheet = reply('get /exams/submission', () => auto);
    const submissions = reply('get /exams/submissions', () => [ahmad, citra]);
    reply('patch /exams/essay-score', () => scoredByTeacher({ exam_id: 2 }));
    renderAt(
      <Routes>
        <Route path="/Grades" element={<Grades />} />
        <Route path="/Review" element={<Review />} />
      </Routes>,
      '/Grades?exam_id=2',
    );
    await user.click(await screen.findByRole('link', { name: 'Review answers of Ahmad Fauzi' }));
    expect(await screen.findByRole('link', { name: 'Next student: Citra Dewi' })).toBeInTheDocument();
    expect(submissions).toHaveBeenCalledTimes(1);

    submissions.mockImplementation(() => [{ ...ahmad, auto_scored_essays: 0, needs_review: false }, citra]);
    await user.click(
      within(screen.getByRole('region', { name: 'Question 2' })).getByRole('button', {
        name: 'Confirm score for question 2',
      }),
    );
    expect(await screen.findByText('Score for question 2 confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(submissions).toHaveBeenCalledTimes(2));
    expect(sheet).toHaveBeenCalledTimes(1);
  });
});
