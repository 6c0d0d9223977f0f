import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { answer } from '../../../../../jest/msw-server';
import { signInAsTeacher } from '../../../test/fixtures';
import { asked } from '../../../test/network';
import type { ExamMonitor as Monitor } from '../transport';
import { timeLeft } from '../time-left';
import ExamMonitor from './ExamMonitor';

const inAnHour = new Date(Date.now() + 3600_000).toISOString();
const monitor = (over: Partial<Monitor> = {}): Monitor => ({
  exam_id: 9,
  title: 'PTS Matematika',
  start_time: new Date(Date.now() - 3600_000).toISOString(),
  end_time: inAnHour,
  one_device: false,
  offline_after_seconds: 60,
  students: [
    {
      student_id: 1,
      name: 'Ahmad Fauzi',
      nis: '2024100001',
      status: 'answering',
      answered: 3,
      total: 10,
      last_activity: '2025-01-05T08:12:00+07:00',
      devices: 1,
      extra_minutes: 0,
      end_time: inAnHour,
    },
    {
      student_id: 2,
      name: 'Budi Santoso',
      nis: '2024100002',
      status: 'offline',
      answered: 1,
      total: 10,
      last_activity: '2025-01-05T08:03:00+07:00',
      devices: 0,
      extra_minutes: 15,
      end_time: inAnHour,
    },
    {
      student_id: 3,
      name: 'Citra Dewi',
      nis: '2024100003',
      status: 'not-started',
      answered: 0,
      total: 10,
      last_activity: null,
      devices: 0,
      extra_minutes: 0,
      end_time: inAnHour,
    },
  ],
  ...over,
});

/** The exam's monitor as the server reads it. */
let read: ReturnType<typeof answer>;
beforeEach(() => {
  signInAsTeacher();
  read = answer('get', '/exams/monitor', (): Monitor => monitor());
});
/** A change the monitor sent about exam 9. */
const sent = (body: Record<string, unknown>) => ({ query: { id: '9' }, body });

it('shows one row per student: status (offline since hh.mm), answered of total, devices, extra minutes', async () => {
  renderAt(<ExamMonitor />, '/ExamMonitor?exam_id=9');
  const table = await screen.findByRole('table', { name: 'Students and their progress in this exam' });
  const row = (name: string) => within(table).getByText(name).closest('tr')!;
  expect(row('Ahmad Fauzi')).toHaveTextContent('Answering');
  expect(row('Ahmad Fauzi')).toHaveTextContent('3 of 10');
  expect(row('Budi Santoso')).toHaveTextContent('Offline since 08.03');
  expect(row('Budi Santoso')).toHaveTextContent('+15 min');
  expect(row('Citra Dewi')).toHaveTextContent('Not started');
  expect(screen.getByText('1 answering · 1 offline · 0 submitted · 1 not started')).toBeInTheDocument();
  expect(read).toHaveBeenCalledWith(asked({ id: '9' }));
});

it('gives extra minutes (refusing what is not a whole number from 0 to 600), switches one-device mode and ends an attempt', async () => {
  const extraTime = answer('post', '/exams/monitor/extra-time', () => ({ message: 'ok' }));
  const oneDevice = answer('post', '/exams/monitor/one-device', () => ({ message: 'ok' }));
  const endAttempt = answer('post', '/exams/monitor/end-attempt', () => ({ message: 'ok' }));
  const user = userEvent.setup();
  renderAt(<ExamMonitor />, '/ExamMonitor?exam_id=9');
  await screen.findByText('Ahmad Fauzi');
  await user.click(screen.getAllByRole('button', { name: 'Extra time' })[0]);
  const dialog = screen.getByRole('dialog', { name: 'Extra time for Ahmad Fauzi' });
  const field = within(dialog).getByLabelText(/Extra minutes/);
  for (const bad of ['601', '-5', '1.5', 'sepuluh']) {
    await user.clear(field);
    await user.type(field, bad);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  }
  await user.clear(field);
  await user.type(field, '20');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(extraTime).toHaveBeenCalledWith(sent({ student_id: 1, minutes: 20 })));
  expect(await screen.findByText('Extra time saved.')).toBeInTheDocument();

  await user.click(screen.getByRole('switch', { name: 'One device at a time' }));
  await waitFor(() => expect(oneDevice).toHaveBeenCalledWith(sent({ on: true })));

  await user.click(screen.getAllByRole('button', { name: 'End attempt' })[1]);
  await user.click(
    within(screen.getByRole('dialog', { name: 'End the attempt of Budi Santoso?' })).getByRole('button', {
      name: 'End attempt',
    }),
  );
  await waitFor(() => expect(endAttempt).toHaveBeenCalledWith(sent({ student_id: 2 })));
});

it('counts the time left from the end time it read', () => {
  const now = Date.parse('2025-01-05T08:00:00Z');
  expect(timeLeft('2025-01-05T08:01:05Z', now)).toBe('1:05');
  expect(timeLeft('2025-01-05T09:30:00Z', now)).toBe('1:30:00');
  expect(timeLeft('2025-01-05T07:00:00Z', now)).toBe('0:00');
});
