import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { signInAsTeacher } from '../../../test/fixtures';
import { asked } from '../../../test/network';
import type { ItemAnalysis } from '../transport';
import Analysis from './Analysis';

const bins = (max: number, n: number, counts: number[]) =>
  counts.map((count, i) => ({ from: (max * i) / n, to: (max * (i + 1)) / n, count }));
const none = { max: null, scored: null, pending: null, average: null, score_bins: null };

// The server test's exam (server/src/routes/analysis/analysis.test.ts): the same figures as the API returns them.
const EXAM: ItemAnalysis = {
  kind: 'exam',
  id: 4,
  title: 'UTS Matematika',
  total_marks: 90,
  students: 6,
  submitted: 5,
  in_progress: 0,
  not_started: 1,
  auto_submitted: 1,
  with_pending: 1,
  average: 39,
  score_bins: bins(90, 10, [1, 0, 0, 2, 0, 1, 0, 0, 0, 1]),
  questions: [
    {
      n: 1,
      kind: 'mc',
      text: 'Ibu kota Indonesia?',
      answered: 4,
      key: 'a',
      correct: 3,
      correct_share: 0.6,
      options: { a: 3, b: 1, c: 0, d: 0, none: 1, other: 0 },
      ...none,
    },
    {
      n: 2,
      kind: 'mc',
      text: '2 + 2 = ?',
      answered: 4,
      key: 'c',
      correct: 2,
      correct_share: 0.4,
      options: { a: 0, b: 1, c: 2, d: 0, none: 1, other: 1 },
      ...none,
    },
    {
      n: 3,
      kind: 'essay',
      text: 'Jelaskan fotosintesis.',
      answered: 3,
      key: null,
      correct: null,
      correct_share: null,
      options: null,
      max: 30,
      scored: 4,
      pending: 1,
      average: 11.25,
      score_bins: bins(30, 5, [2, 0, 1, 0, 1]),
    },
  ],
};

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text, { selector: 'span' }).closest('tr')!;

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
});

describe('Analysis', () => {
  it('shows the figures, one table per kind of question and the score distribution', async () => {
    const analysis = reply('get /exams/analysis', () => EXAM);
    renderAt(<Analysis />, '/Analysis?exam_id=4');
    const mc = await screen.findByRole('table', { name: 'Multiple choice questions' });
    expect(screen.getByRole('heading', { name: 'Exam Analysis' })).toBeInTheDocument();
    expect(analysis).toHaveBeenCalledWith(asked({ exam_id: '4' }));
    expect(screen.getByText('Submitted').nextSibling).toHaveTextContent('5 of 6');
    expect(screen.getByText('Average score').nextSibling).toHaveTextContent('39 / 90');
    expect(screen.getByText('Submitted automatically at the end').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('With essays awaiting a score').nextSibling).toHaveTextContent('1');
    expect(screen.getByText(/1 submitted sheet has essays awaiting a score/)).toBeInTheDocument();

    // Question, Answered, Correct, Key, A, B, C, D, No answer, Other (shown: Q2 has an answer that is no option)
    expect(cells(rowOf(mc, 'Q1'))).toEqual([
      'Q1Ibu kota Indonesia?',
      '4',
      '60% (3)',
      'A',
      '3',
      '1',
      '0',
      '0',
      '1',
      '0',
    ]);
    expect(cells(rowOf(mc, 'Q2'))).toEqual(['Q22 + 2 = ?', '4', '40% (2)', 'C', '0', '1', '2', '0', '1', '1']);

    const essays = screen.getByRole('table', { name: 'Essay questions' });
    // Question, Answered, Average, Awaiting a score, then the fifths of the marks
    expect(cells(rowOf(essays, 'Q3'))).toEqual([
      'Q3Jelaskan fotosintesis.',
      '3',
      '11.25 / 30',
      '1',
      '2',
      '0',
      '1',
      '0',
      '1',
    ]);

    const scores = screen.getByRole('table', { name: 'Score distribution' });
    const rows = within(scores).getAllByRole('row').slice(1).map(cells);
    expect(rows).toEqual([
      ['0–9', '1'],
      ['9–18', '0'],
      ['18–27', '0'],
      ['27–36', '2'],
      ['36–45', '0'],
      ['45–54', '1'],
      ['54–63', '0'],
      ['63–72', '0'],
      ['72–81', '0'],
      ['81–90', '1'],
    ]);
    // The charts (their own chunk) follow, each one labelled image beside its table.
    for (const name of [
      'students per score range',
      'share of correct answers per question',
      'answers chosen per question',
      'essay scores per question',
    ]) {
      expect((await screen.findByRole('img', { name: `Chart: ${name}` })).querySelector('svg')).not.toBeNull();
    }
  });

  it('exports the analysis as a CSV file', async () => {
    const user = userEvent.setup();
    reply('get /exams/analysis', () => EXAM);
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:analysis';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderAt(<Analysis />, '/Analysis?exam_id=4');
    await user.click(await screen.findByRole('button', { name: 'Export analysis (CSV)' }));
    expect(clicked).toEqual(['exam-4-analysis.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['Exam;UTS Matematika', 'Submitted;5 of 6']);
    expect(lines).toContain('1;Multiple choice;Ibu kota Indonesia?;4;3;60;A;3;1;0;0;1;0;;;;;');
    expect(lines).toContain(
      '3;Essay;Jelaskan fotosintesis.;3;;;;;;;;;;30;4;1;11,25;"0–6: 2; 6–12: 0; 12–18: 1; 18–24: 0; 24–30: 1"',
    );
    expect(lines).toContain('27–36;2');
  });

  it("says so when the exam is not the teacher's", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('get /exams/analysis', () => refusal(403, { message: 'Forbidden' }));
    renderAt(<Analysis />, '/Analysis?exam_id=4');
    expect(await screen.findByText('You do not have access to this exam.')).toBeInTheDocument();
  });
});
