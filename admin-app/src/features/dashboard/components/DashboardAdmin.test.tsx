import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStats, Report } from '@kelasku/shared-api';
import { deferred, giveChartsASize, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal } from '../../../../../jest/msw-server';
import { reply, type ReplyOf } from '../../../../../jest/msw-routes';
import { DashboardAdmin } from './DashboardAdmin';

/** A page of reports as GET /reports?page answers it. */
const reportPage = (reports: Report[]) => ({
  reports,
  meta: {
    page: 1,
    pageSize: 20,
    total: reports.length,
    totalPage: reports.length ? 1 : 0,
    totalpages: reports.length ? 1 : 0,
  },
});

// The server, as jest.fns of what each request asked for (a rejection is written as the server's refusal).
const admin = jest.fn<ReplyOf<'get /stats/admin'>, []>();
const listReports = jest.fn<ReplyOf<'get /reports'>, [page: number, pageSize: number]>();
const removeReport = jest.fn<ReplyOf<'delete /reports'>, [id: number]>();

const stats: AdminStats = {
  classes: [
    {
      class_id: 1,
      name: 'X IPA 1',
      grade: 10,
      students: 30,
      tasks_completed: 12,
      tasks_uncompleted: 18,
      exam_done: 25,
      exam_not_done: 5,
    },
    {
      class_id: 2,
      name: 'XI IPS 2',
      grade: 11,
      students: 20,
      tasks_completed: 7,
      tasks_uncompleted: 13,
      exam_done: 3,
      exam_not_done: 17,
    },
  ],
};

const report = (id: number, author: string, message: string): Report => ({
  id,
  kind: 'general',
  discussion_id: id,
  reply_id: null,
  reporter_id: 9,
  reporter_name: 'Budi',
  author_name: author,
  message,
  topic: 'Umum',
  reason: null,
  class_id: null,
  class_name: null,
  material_id: null,
  material_title: null,
  created_at: '2025-01-05T08:00:00+07:00',
});

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  jest.resetAllMocks();
  reply('get /stats/admin', () => admin());
  reply('get /reports', ({ query }) => listReports(Number(query.page), Number(query.pageSize)));
  reply('delete /reports', ({ query }) => removeReport(Number(query.id)));
  admin.mockResolvedValue(stats);
  listReports.mockResolvedValue(reportPage([]));
});

describe('DashboardAdmin', () => {
  it('shows the banner and only logs the search query', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    admin.mockReturnValue(new Promise(() => {})); // charts are not under test here
    renderAt(<DashboardAdmin />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'biology{enter}');
    expect(log).toHaveBeenCalledWith('Dashboard search:', 'biology');
    expect(admin).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('draws both charts from the stats, with the spec animation delays per bar', async () => {
    giveChartsASize();
    const pending = deferred<AdminStats>();
    admin.mockReturnValue(pending.promise);
    const { container } = renderAt(<DashboardAdmin />);
    expect(screen.getByText('Loading statistics...')).toBeInTheDocument();
    pending.resolve(stats);

    const tasks = await screen.findByRole('table', { name: 'Student Tasks per Class' }, { timeout: 15000 });
    expect(
      within(tasks)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Classes', 'Completed', 'Uncompleted']);
    expect(within(tasks).getByRole('row', { name: 'X IPA 1 12 18' })).toBeInTheDocument();
    expect(within(tasks).getByRole('row', { name: 'XI IPS 2 7 13' })).toBeInTheDocument();

    const exams = screen.getByRole('table', { name: 'Exam Progression per Class' });
    expect(
      within(exams)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Classes', 'Worked on the exam', 'Not yet']);
    expect(within(exams).getByRole('row', { name: 'XI IPS 2 3 17' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Student Tasks per Class' })).toBeInTheDocument();
    // The drawing (x-charts, its own chunk) follows the cards and their numbers.
    await waitFor(() => expect(container).toHaveTextContent('Students Amount'));
    expect(container).toHaveTextContent('Classes');
    // 2 classes × 2 series per chart; delay = class index × 300 ms + series index × 100 ms.
    const delays = () =>
      Array.from(container.querySelectorAll('rect[data-delay-ms]'))
        .map((r) => Number(r.getAttribute('data-delay-ms')))
        .sort((a, b) => a - b);
    await waitFor(() => expect(delays()).toEqual([0, 0, 100, 100, 300, 300, 400, 400]));
    const bar = container.querySelector('rect[data-delay-ms]')!;
    expect(getComputedStyle(bar).animationDuration).toBe('1000ms');
    expect(getComputedStyle(bar).animationTimingFunction).toBe('cubic-bezier(0.76, 0, 0.24, 1)');

    // x-charts' legend switches a series off and on (the tasks chart's legend is its first).
    const tasksChart = screen.getByRole('region', { name: 'Student Tasks per Class chart' });
    const uncompletedBars = () =>
      Array.from(tasksChart.querySelectorAll('rect[fill="#f59e0b"][data-delay-ms]')).filter(
        (r) => Number(r.getAttribute('height')) > 0,
      ).length;
    expect(uncompletedBars()).toBe(2);
    await userEvent.click(within(tasksChart).getByRole('button', { name: 'Uncompleted' }));
    await waitFor(() => expect(uncompletedBars()).toBe(0));
    await userEvent.click(within(tasksChart).getByRole('button', { name: 'Uncompleted' }));
    await waitFor(() => expect(uncompletedBars()).toBe(2));
  });

  it('says when statistics cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    admin.mockImplementation(() => refusal(500, {}));
    renderAt(<DashboardAdmin />);
    expect(await screen.findByText('Failed to load statistics')).toBeInTheDocument();
  });

  it('shows the empty reported-messages text', async () => {
    renderAt(<DashboardAdmin />);
    expect(await screen.findByText("There's no reported message for now")).toBeInTheDocument();
  });

  it('lists reports and deletes one after confirmation, then reloads', async () => {
    listReports
      .mockResolvedValueOnce(reportPage([report(4, 'Andi', 'spam spam'), report(5, 'Citra', 'rude words')]))
      .mockResolvedValueOnce(reportPage([report(5, 'Citra', 'rude words')]));
    removeReport.mockResolvedValue({ message: 'ok' });
    renderAt(<DashboardAdmin />);
    const list = await screen.findByRole('list', { name: 'Reported messages' });
    expect(within(list).getByText('Andi')).toBeInTheDocument();
    expect(within(list).getByText('spam spam')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete reported message from Andi' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('are you sure you want to delete this message from Andi?')).toBeInTheDocument();
    expect(removeReport).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(removeReport).toHaveBeenCalledWith(4));
    await waitFor(() => expect(screen.queryByText('spam spam')).not.toBeInTheDocument());
    expect(screen.getByText('rude words')).toBeInTheDocument();
  });

  it('keeps the report when the confirmation is cancelled', async () => {
    listReports.mockResolvedValue(reportPage([report(4, 'Andi', 'spam spam')]));
    renderAt(<DashboardAdmin />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete reported message from Andi' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(removeReport).not.toHaveBeenCalled();
    expect(screen.getByText('spam spam')).toBeInTheDocument();
  });
});
