import { fireEvent, screen, within } from '@testing-library/react';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import type { ClassReviewList } from '@kelasku/shared-api';
import { refusal } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { classItem, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import ToReviewPanel from './ToReviewPanel';

const CLASSES = [X_IPA_1, classItem({ id: 9, name: 'XI IPS 2', grade: 11 })];
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

/** Each class's list to review. */
let reviewList: Replier<'get /classes/to-review'>;
beforeEach(() => {
  signInAsTeacher();
  answerMyClasses(CLASSES);
  reviewList = reply('get /classes/to-review', ({ query }) => LISTS[Number(query.id)]);
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
    expect(reviewList).toHaveBeenCalledWith(asked({ id: '4' }));
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
    expect(reviewList).toHaveBeenLastCalledWith(asked({ id: '9' }));
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
    answerMyClasses([CLASSES[0]]);
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    await rows();
    expect(screen.queryByRole('group', { name: 'Your classes' })).not.toBeInTheDocument();
  });

  it('offers Retry when the list fails, and loads it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reviewList.mockImplementationOnce(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<ToReviewPanel />, '/DashboardTeacher');
    expect(await screen.findByText('Failed to load the list to review.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(2);
  });
});
