import { screen, within } from '@testing-library/react';
import type { TeacherStats } from '@kelasku/shared-api';
import { markUsable } from '@kelasku/shared-rules/src/usable-mark';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import DashboardTeacher from './DashboardTeacher';
import { monthLabel } from '../stats-view';

// The order of the usable mark and the later request (jsdom has no User Timing marks to read).
const events: string[] = [];
jest.mock('@kelasku/shared-rules/src/usable-mark', () => ({
  ...jest.requireActual<typeof import('@kelasku/shared-rules/src/usable-mark')>(
    '@kelasku/shared-rules/src/usable-mark',
  ),
  markUsable: jest.fn(),
}));
// Charts need a real layout engine; the panels' text summaries carry the same numbers.
jest.mock('./DashboardCharts', () => ({
  PerformanceChart: () => <div>bar chart</div>,
  SubmissionsChart: () => <div>line chart</div>,
}));

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const stats: TeacherStats = {
  performance: [
    { grade: 11, average: null },
    { grade: 10, average: 78.456 },
  ],
  submissions: [
    { month: '2025-02', count: 4 },
    { month: '2025-01', count: 9 },
  ],
  upcoming_exams: [
    {
      id: 2,
      class_id: 4,
      class_name: 'X IPA 1',
      title: 'UTS Biologi',
      start_time: '2030-06-15T08:00:00+07:00',
      end_time: '2030-06-15T09:30:00+07:00',
      status: 'Scheduled',
    },
  ],
  active_today: 17,
};

let teacherStats: Replier<'get /stats/teacher'>;
let reviewList: Replier<'get /classes/to-review'>;
let unanswered: Replier<'get /discussions-material/unanswered/mine'>;
beforeEach(() => {
  jest.clearAllMocks();
  answerMyClasses([X_IPA_1]);
  teacherStats = reply('get /stats/teacher', () => stats);
  reviewList = reply('get /classes/to-review', () => ({ class_id: 4, class_name: 'X IPA 1', items: [] }));
  unanswered = reply('get /discussions-material/unanswered/mine', () => ({ classes: [], total: 0 }));
  events.length = 0;
  mocked(markUsable).mockImplementation(() => events.push('usable'));
});

describe('Teacher dashboard', () => {
  it('greets the teacher and shows panels from real data', async () => {
    signInAsTeacher({ display_name: 'Bu Sari' });
    renderAt(<DashboardTeacher />, '/DashboardTeacher');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome again, Bu Sari!')).toBeInTheDocument();
    expect(await screen.findByText('Average score per grade: 10th: 78.46, 11th: no grades yet')).toBeInTheDocument();
    expect(screen.getByText('Submissions per month: Jan 2025: 9, Feb 2025: 4')).toBeInTheDocument();
    const active = screen.getByRole('region', { name: 'Students Active Today' });
    expect(within(active).getByText('17')).toBeInTheDocument();
    const exams = screen.getByRole('region', { name: 'Upcoming Exams' });
    expect(within(exams).getByRole('link', { name: 'UTS Biologi — X IPA 1' })).toHaveAttribute(
      'href',
      '/PreviewAnExam?class_id=4',
    );
    expect(exams).toHaveTextContent('15 Juni 2030, 08.00 - 09.30 WIB');
    expect(screen.getByRole('region', { name: 'Quote of the Day' })).toBeInTheDocument();
  });

  it("falls back to 'Teacher' without a display name and offers Retry when stats fail", async () => {
    signInAsTeacher({ display_name: '' });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    teacherStats.mockImplementation(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<DashboardTeacher />, '/DashboardTeacher');
    expect(screen.getByText('Welcome again, Teacher!')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load your dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the class\'s "To review" list (its own chunk) even when the stats fail', async () => {
    signInAsTeacher();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    teacherStats.mockImplementation(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<DashboardTeacher />, '/DashboardTeacher');
    const review = await screen.findByRole('region', { name: 'To review' });
    expect(await within(review).findByText('Nothing to review')).toBeInTheDocument();
    expect(reviewList).toHaveBeenCalledWith(asked({ id: '4' }));
  });

  it('says, once the dashboard is usable, how many discussion topics wait for an answer, linking to each class', async () => {
    signInAsTeacher();
    unanswered.mockImplementation(() => {
      events.push('/discussions-material/unanswered/mine');
      return {
        classes: [
          { class_id: 4, name: 'X IPA 1', grade: 10, unanswered: 2 },
          { class_id: 6, name: 'XI IPS 2', grade: 11, unanswered: 1 },
        ],
        total: 3,
      };
    });
    renderAt(<DashboardTeacher />, '/DashboardTeacher');
    const panel = await screen.findByRole('region', { name: 'Discussions' });
    expect(await within(panel).findByText('3 discussion topics wait for your answer')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'X IPA 1: 2 topics' })).toHaveAttribute(
      'href',
      '/ManageSubjects10?class=4',
    );
    expect(within(panel).getByRole('link', { name: 'XI IPS 2: 1 topic' })).toHaveAttribute(
      'href',
      '/ManageSubjects11?class=6',
    );
    // One request, sent after the usable mark: the dashboard's first screen does not wait for it.
    expect(events).toEqual(['usable', '/discussions-material/unanswered/mine']);
  });

  it('says when no discussion topic waits', async () => {
    signInAsTeacher();
    renderAt(<DashboardTeacher />, '/DashboardTeacher');
    expect(
      await screen.findByText("Every discussion topic on your subjects has a teacher's answer."),
    ).toBeInTheDocument();
  });

  it('labels months with Indonesian names', () => {
    expect(monthLabel('2025-08')).toBe('Agu 2025');
  });
});
