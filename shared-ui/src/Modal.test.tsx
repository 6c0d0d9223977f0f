import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';
import { ConfirmDialog } from './ConfirmDialog';

describe('Modal', () => {
  it('says what is wrong with a field under it, and marks only that field', () => {
    render(
      <Modal
        open
        title="Ask a question"
        onClose={() => {}}
        onConfirm={() => {}}
        fields={[
          { label: 'Topic', name: 'topic', type: 'text', value: '', problem: 'Topic is required.' },
          { label: 'Description', name: 'description', value: 'Kalau x<y?' },
        ]}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveAccessibleDescription('Topic is required.');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'false');
  });

  it('renders a textarea by default, typed inputs when asked, and custom components', async () => {
    const onDescription = jest.fn();
    render(
      <Modal
        open
        title="Add Class"
        confirmLabel="Add"
        onClose={() => {}}
        onConfirm={() => {}}
        fields={[
          { label: 'Description', value: '', onChange: onDescription },
          { label: 'Grade', type: 'number', value: 10 },
          {
            label: 'Teacher',
            component: (
              <select aria-label="Teacher">
                <option>Budi</option>
              </select>
            ),
          },
        ]}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Add Class' })).toBeInTheDocument();
    const description = screen.getByLabelText('Description');
    expect(description.tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Grade')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Grade')).toHaveValue(10);
    expect(screen.getByRole('combobox', { name: 'Teacher' })).toBeInTheDocument();
    await userEvent.type(description, 'x');
    expect(onDescription).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('calls onConfirm and onClose from its buttons', async () => {
    const onClose = jest.fn();
    const onConfirm = jest.fn();
    render(<Modal open title="Edit" confirmLabel="Save Changes" fields={[]} onClose={onClose} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when closed', () => {
    render(<Modal open={false} title="Hidden" fields={[{ label: 'Name' }]} onClose={() => {}} onConfirm={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('asks and answers', async () => {
    const onConfirm = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Confirmation of Exam Submission"
        message="Are you sure you want to submit your exam?"
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Confirmation of Exam Submission' })).toHaveTextContent(
      'Are you sure you want to submit your exam?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
