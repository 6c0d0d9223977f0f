import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exercisesApi, examsApi } from '@kelasku/shared-api';
import { fill, renderScreen, signInAsTeacher } from '../../test/render';
import Grades from './Grades';
import Review from './Review';

jest.setTimeout(30000);

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    exercisesApi: { ...actual.exercisesApi, submissions: jest.fn(), submission: jest.fn(), setEssayScore: jest.fn() },
    examsApi: { ...actual.examsApi, submissions: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
});

describe('Grades', () => {
  const rows = [
    { student_id: 1, name: 'Ahmad Fauzi', nis: '2024100001', sheet_id: 3, status: 'Submitted', score: 75 },
    { student_id: 2, name: 'Budi Santoso', nis: '2024100002', sheet_id: null, status: 'Not started', score: null },
  ];

  it('lists every student with status and score, and links submitted sheets to the review', async () => {
    mocked(exercisesApi.submissions).mockResolvedValue(rows);
    renderScreen(<Grades />, '/Grades?exercise_id=5');
    const table = await screen.findByRole('table', { name: 'Exercise grades' });
    expect(within(table).getByText('Ahmad Fauzi').closest('tr')).toHaveTextContent('Submitted75');
    expect(within(table).getByText('Budi Santoso').closest('tr')).toHaveTextContent('Not started-');
    expect(screen.getByRole('link', { name: 'Review answers of Ahmad Fauzi' })).toHaveAttribute('href', '/Review?exercise_id=5&student_id=1');
    expect(screen.getByText('1 of 2 students submitted · average score 75')).toBeInTheDocument();
  });

  it('exports the grades as a CSV file built in the browser', async () => {
    const user = userEvent.setup();
    mocked(examsApi.submissions).mockResolvedValue(rows);
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => { blobs.push(blob); return 'blob:grades'; });
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this.download); });
    renderScreen(<Grades />, '/Grades?exam_id=2');
    await user.click(await screen.findByRole('button', { name: 'Export grades (CSV)' }));
    expect(clicked).toEqual(['exam-2-grades.csv']);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe('Name,NIS,Status,Score\r\nAhmad Fauzi,2024100001,Submitted,75\r\nBudi Santoso,2024100002,Not started,\r\n');
  });

  it('shows an error with Retry when the grades cannot be loaded', async () => {
    mocked(exercisesApi.submissions).mockRejectedValue(new Error('500'));
    renderScreen(<Grades />, '/Grades?exercise_id=5');
    expect(await screen.findByText('Failed to load the grades.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Review', () => {
  const submission = {
    student: { id: 1, name: 'Ahmad Fauzi', nis: '2024100001' },
    content: {
      '1': 'Ibu kota?', '1_a': 'Bandung', '1_b': 'Jakarta', '1_c': 'Medan', '1_d': 'Solo', '1_answer': 'b',
      '2_essay': 'Jelaskan fotosintesis.', '2_essay_answer': 'Cahaya menjadi energi kimia.',
    },
    answers: { '1': 'B', '2': 'Tumbuhan membuat makanan dari cahaya.' },
    score: 50,
    detail: {
      '1': { kind: 'mc', correct: true },
      '2': { kind: 'essay', score: 0, max: 50, pending: true, source: 'local' },
    },
  };

  it("shows the answers, the automatic essay score and pending state, and saves the teacher's override", async () => {
    const user = userEvent.setup();
    mocked(exercisesApi.submission).mockResolvedValue(submission);
    mocked(exercisesApi.setEssayScore).mockResolvedValue({
      id: 1, exercise_id: 5, student_id: 1, score: 90,
      detail: { '1': { kind: 'mc', correct: true }, '2': { kind: 'essay', score: 40, max: 50, pending: false, source: 'teacher' } },
    });
    renderScreen(<Review />, '/Review?exercise_id=5&student_id=1');
    expect(await screen.findByText('Total score: 50 / 100')).toBeInTheDocument();
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
    expect(exercisesApi.setEssayScore).not.toHaveBeenCalled();

    fill(within(q2).getByLabelText('Score for question 2'), '40');
    await user.click(within(q2).getByRole('button', { name: 'Save score for question 2' }));
    await waitFor(() => expect(screen.getByText('Total score: 90 / 100')).toBeInTheDocument());
    expect(exercisesApi.setEssayScore).toHaveBeenCalledWith(5, 1, 2, 40);
    expect(within(screen.getByRole('region', { name: 'Question 2' })).queryByText('Pending review')).not.toBeInTheDocument();
    expect(screen.getByText('Score for question 2 saved. New total: 90.')).toBeInTheDocument();
  });
});
