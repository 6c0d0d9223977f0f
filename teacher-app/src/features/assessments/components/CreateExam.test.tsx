import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExamInput } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal, unreachable } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { exam, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses } from '../../../test/network';
import CreateExam from './CreateExam';
import EditExam from './EditExam';

/** The exam the server created or saved, from what the form sent. */
const saved = (body: ExamInput) => exam({ id: 3, status: 'Scheduled', ...body });

async function fillOneEssay(user: ReturnType<typeof userEvent.setup>) {
  fill(screen.getByLabelText('Exam title'), 'UTS Biologi');
  await user.click(within(screen.getByRole('group', { name: 'Question 1' })).getByRole('radio', { name: 'Essay' }));
  fill(screen.getByLabelText('Question 1 text'), 'Jelaskan sel.');
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
  signInAsTeacher();
  answerMyClasses([X_IPA_1]);
  reply('get /exams', () => []);
  // the edit form's re-grade notice: no sheet submitted yet
  reply('get /exams/graded-count', () => ({ count: 0 }));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Create Exam', () => {
  it("shows 'Exam already exists' with Go Back when the class has an exam", async () => {
    reply('get /exams', () => [exam({ id: 2, title: 'UTS', start_time: '', end_time: '' })]);
    renderAt(<CreateExam />, '/CreateExam?class_id=4');
    expect(await screen.findByText('Exam already exists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('defaults the exam date to today in WIB', async () => {
    jest.useFakeTimers({
      now: new Date('2025-03-09T18:00:00Z'),
      doNotFake: [
        'setTimeout',
        'setInterval',
        'queueMicrotask',
        'nextTick',
        'setImmediate',
        'clearTimeout',
        'clearInterval',
      ],
    });
    renderAt(<CreateExam />, '/CreateExam?class_id=4');
    // 18:00 UTC on 9 March is 01:00 WIB on 10 March.
    expect(await screen.findByLabelText('Exam date')).toHaveValue('2025-03-10');
  });

  it('says inline when the end time is not after the start time, and does not save', async () => {
    const user = userEvent.setup();
    renderAt(<CreateExam />, '/CreateExam?class_id=4');
    await screen.findByLabelText('Exam title');
    await fillOneEssay(user);
    fill(screen.getByLabelText('Start time (WIB)'), '10:00');
    fill(screen.getByLabelText('End time (WIB)'), '09:00');
    expect(screen.getByText('End time must be after start time.')).toBeInTheDocument();
    const create = reply('post /exams', ({ body }) => saved(body));
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the scheduled window with +07:00, alerts and goes back', async () => {
    const user = userEvent.setup();
    const create = reply('post /exams', ({ body }) => saved(body));
    renderAt(<CreateExam />, '/CreateExam?class_id=4', { from: '/ManageSubjects10' });
    await screen.findByLabelText('Exam title');
    await fillOneEssay(user);
    fill(screen.getByLabelText('Exam date'), '2030-06-15');
    fill(screen.getByLabelText('Start time (WIB)'), '08:00');
    fill(screen.getByLabelText('End time (WIB)'), '09:30');
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10'));
    expect(alert).toHaveBeenCalledWith('Successfully created an exam');
    expect(create).toHaveBeenCalledWith({
      query: {},
      body: expect.objectContaining({
        title: 'UTS Biologi',
        class_id: 4,
        start_time: '2030-06-15T08:00:00+07:00',
        end_time: '2030-06-15T09:30:00+07:00',
        content: { '1_essay': 'Jelaskan sel.' },
      }),
    });
  });

  it("alerts 'Failed to create exam: ' with the server's message", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('post /exams', () => refusal(409, { message: 'Exam already exists for this class' }));
    renderAt(<CreateExam />, '/CreateExam?class_id=4');
    await screen.findByLabelText('Exam title');
    await fillOneEssay(user);
    fill(screen.getByLabelText('Start time (WIB)'), '08:00');
    fill(screen.getByLabelText('End time (WIB)'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Create Exam' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to create exam: Exam already exists for this class'),
    );
  });
});

describe('Edit Exam', () => {
  it('pre-fills the WIB date and times and saves with the exercise update texts', async () => {
    const user = userEvent.setup();
    const uts = exam({ id: 2, title: 'UTS', content: { '1_essay': 'Jelaskan sel.' } });
    reply('get /exams', () => [uts]);
    const update = reply('put /exams', ({ body }) => ({ ...uts, ...body }));
    renderAt(<EditExam />, '/EditExam?class_id=4', { from: '/PreviewAnExam?class_id=4' });
    expect(await screen.findByLabelText('Exam date')).toHaveValue('2030-06-15');
    expect(screen.getByLabelText('Start time (WIB)')).toHaveValue('08:00');
    expect(screen.getByLabelText('End time (WIB)')).toHaveValue('09:30');
    fill(screen.getByLabelText('End time (WIB)'), '10:00');
    await user.click(screen.getByRole('button', { name: 'Save Exam' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/PreviewAnExam?class_id=4'));
    expect(alert).toHaveBeenCalledWith('Successfully updated exercise');
    expect(update).toHaveBeenCalledWith({
      query: { id: '2' },
      body: expect.objectContaining({ end_time: '2030-06-15T10:00:00+07:00', start_time: '2030-06-15T08:00:00+07:00' }),
    });
  });

  it("alerts 'Failed to update exercise' when saving fails", async () => {
    const user = userEvent.setup();
    reply('get /exams', () => [exam({ id: 2, title: 'UTS', content: { '1_essay': 'Jelaskan sel.' } })]);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('put /exams', unreachable);
    renderAt(<EditExam />, '/EditExam?class_id=4');
    await user.click(await screen.findByRole('button', { name: 'Save Exam' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update exercise'));
  });
});
