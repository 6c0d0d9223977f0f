import { fireEvent, screen, within } from '@testing-library/react';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import { myClasses } from '../../../lib/classes';
import { classReviewList, type ClassReviewList } from '../review-transport';
import ToReviewPanel from './ToReviewPanel';

jest.mock('../review-transport', () => ({ classReviewList: jest.fn() }));
jest.mock('../../../lib/classes', () => ({ ...jest.requireActual('../../../lib/classes'), myClasses: jest.fn() }));

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const CLASSES = [
  { id: 4, name: 'X IPA 1', grade: 10 },
  { id: 9, name: 'XI IPS 2', grade: 11 },
];
const LISTS: Record<number, ClassReviewList> = {
  4: {
    class_id: 4,
    class_name: 'X IPA 1',
    items: [
      {
        kind: 'exam',
        id: 5,
        title: 'UTS Biologi',
        material_id: null,
        material_title: null,
        to_review: 2,
        pending_sheets: 1,
        auto_scored_sheets: 1,
        oldest_submitted_at: '2030-06-15T01:00:00.000Z',
      },
      {
        kind: 'exercise',
        id: 12,
        title: 'Latihan Sel',
        material_id: 30,
        material_title: 'Bab 1: Sel',
        to_review: 1,
        pending_sheets: 0,
        auto_scored_sheets: 1,
        oldest_submitted_at: '2030-06-14T03:30:00.000Z',
      },
    ],
  },
  9: { class_id: 9, class_name: 'XI IPS 2', items: [] },
};

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(myClasses).mockResolvedValue(CLASSES);
  mocked(classReviewList).mockImplementation((id: number) => Promise.resolve(LISTS[id]));
});

const rows = async () => within(await screen.findByRole('list', { name: 'To review in X IPA 1' })).getAllByRole('link');

describe('To review panel', () => {
  it("lists the first class's items in the server's order, each linking to its grades filtered to Needs review", async () => {
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    expect(screen.getByRole('heading', { level: 2, name: 'To review' })).toBeInTheDocument();
    const [exam, exercise] = await rows();
    expect(exam).toHaveAttribute('href', '/Grades?exam_id=5&filter=review');
    expect(exam).toHaveTextContent('UTS Biologi');
    expect(exam).toHaveTextContent('Exam');
    expect(exam).toHaveTextContent('2 students to review');
    expect(exam).toHaveTextContent('1 pending review');
    expect(exam).toHaveTextContent('1 auto-scored');
    expect(exam).toHaveTextContent('Oldest submission: 15 Juni 2030, 08.00 WIB');
    expect(exercise).toHaveAttribute('href', '/Grades?exercise_id=12&filter=review');
    expect(exercise).toHaveTextContent('Exercise · Bab 1: Sel');
    expect(exercise).toHaveTextContent('1 student to review');
    expect(exercise).not.toHaveTextContent('pending review');
    expect(classReviewList).toHaveBeenCalledWith(4);
  });

  it('one tap on a row opens the grades screen with the filter', async () => {
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    const [exam] = await rows();
    fireEvent.click(exam);
    expect(screen.getByTestId('location')).toHaveTextContent('/Grades?exam_id=5&filter=review');
  });

  it('switches class with the class buttons, kept in ?class=, and says "Nothing to review" for an empty list', async () => {
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    await rows();
    const picker = screen.getByRole('group', { name: 'Your classes' });
    expect(within(picker).getByRole('button', { name: 'X IPA 1' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(picker).getByRole('button', { name: 'XI IPS 2' }));
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    expect(classReviewList).toHaveBeenLastCalledWith(9);
    expect(screen.getByTestId('location')).toHaveTextContent('/DashboardTeacher?class=9');
  });

  it('opens on the class named in ?class= (Back from the grades screen returns to it)', async () => {
    renderAt(<ToReviewPanel />, '/DashboardTeacher?class=9');
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
    const picker = screen.getByRole('group', { name: 'Your classes' });
    expect(within(picker).getByRole('button', { name: 'XI IPS 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(picker).getByRole('button', { name: 'X IPA 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows no class buttons for a teacher with one class', async () => {
    mocked(myClasses).mockResolvedValue([CLASSES[0]]);
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    await rows();
    expect(screen.queryByRole('group', { name: 'Your classes' })).not.toBeInTheDocument();
  });

  it('offers Retry when the list fails, and loads it again', async () => {
    mocked(classReviewList).mockRejectedValueOnce(new Error('500'));
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    expect(await screen.findByText('Failed to load the list to review.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(2);
  });
});
