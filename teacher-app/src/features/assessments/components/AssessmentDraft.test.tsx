import { Link } from 'react-router-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Question } from '@kelasku/shared-api';
import { LEAVE_WARNING } from '@kelasku/shared-ui';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import { AssessmentForm, type AssessmentValues } from './AssessmentForm';

// Writing is never lost: the exercise/exam form keeps a draft on the device, restores it, and warns before leaving.
const question: Question = {
  type: 'mc',
  text: 'Planet terbesar?',
  options: ['Jupiter', 'Mars', 'Bumi', 'Venus'],
  answer: 'a',
  image: '',
  essayAnswer: '',
};
const initial: AssessmentValues = { title: '', questions: [question] };

type Submit = (values: AssessmentValues, saved: () => void) => void;
const savesAtOnce: Submit = (_values, saved) => saved();

function renderForm(onSubmit: Submit = savesAtOnce, saving = false) {
  return renderAt(
    <>
      <Link to="/DashboardTeacher">Dashboard</Link>
      <AssessmentForm
        kind="exercise"
        heading="Create Exercise"
        initial={initial}
        submitLabel="Create Exercise"
        draftKey="create-exercise:7"
        onSubmit={onSubmit}
        saving={saving}
      />
    </>,
    '/CreateExercise?material_id=7',
  );
}

beforeEach(() => {
  localStorage.clear();
  signInAsTeacher();
});

it('restores what was typed when the teacher comes back, and can discard it', async () => {
  const first = renderForm();
  fill(screen.getByLabelText('Exercise title'), 'Tata Surya');
  first.unmount(); // e.g. the teacher followed a link, or the tab was closed

  renderForm();
  expect(screen.getByLabelText('Exercise title')).toHaveValue('Tata Surya');
  expect(screen.getByText('Your unsaved changes from last time were restored.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
  expect(screen.getByLabelText('Exercise title')).toHaveValue('');
});

it('drops the draft once saved, and keeps it when saving failed', async () => {
  const failing = renderForm(() => undefined); // the save failed: `saved` is never called
  fill(screen.getByLabelText('Exercise title'), 'Tata Surya');
  fireEvent.click(screen.getByRole('button', { name: 'Create Exercise' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create Exercise' })).toBeEnabled());
  failing.unmount();

  const saving = renderForm(savesAtOnce);
  expect(screen.getByLabelText('Exercise title')).toHaveValue('Tata Surya');
  fireEvent.click(screen.getByRole('button', { name: 'Create Exercise' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create Exercise' })).toBeEnabled());
  saving.unmount();

  renderForm();
  expect(screen.getByLabelText('Exercise title')).toHaveValue('');
});

it('shows the save on its way and sends nothing more until it is answered', () => {
  const onSubmit = jest.fn();
  renderForm(onSubmit, true);
  fill(screen.getByLabelText('Exercise title'), 'Tata Surya');
  const button = screen.getByRole('button', { name: 'Saving...' });
  expect(button).toBeDisabled();
  fireEvent.submit(button.closest('form')!);
  expect(onSubmit).not.toHaveBeenCalled();
});

it('follows links without asking while nothing was changed', async () => {
  const confirm = jest.spyOn(window, 'confirm');
  renderForm();
  fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
  await act(async () => undefined);
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.getByTestId('location')).toHaveTextContent('/DashboardTeacher');
  confirm.mockRestore();
});

it('asks before following a link away from unsaved changes', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderForm();
  fill(screen.getByLabelText('Exercise title'), 'Tata Surya');
  fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
  expect(confirm).toHaveBeenCalledWith(LEAVE_WARNING);
  expect(screen.getByTestId('location')).toHaveTextContent('/CreateExercise?material_id=7');

  confirm.mockReturnValue(true);
  fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
  await act(async () => undefined);
  expect(screen.getByTestId('location')).toHaveTextContent('/DashboardTeacher');
  confirm.mockRestore();
});

it('warns when the tab is closed or reloaded with unsaved changes', () => {
  renderForm();
  const unchanged = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unchanged);
  expect(unchanged.defaultPrevented).toBe(false);
  fill(screen.getByLabelText('Exercise title'), 'Tata Surya');
  const changed = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(changed);
  expect(changed.defaultPrevented).toBe(true);
});
