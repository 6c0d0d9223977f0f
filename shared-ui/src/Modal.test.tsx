// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';
import { ConfirmDialog } from './ConfirmDialog';

describe('Modal', () => {
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
          { label: 'Teacher', component: <select aria-label="Teacher"><option>Budi</option></select> },
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
      <ConfirmDialog open title="Confirmation of Exam Submission" message="Are you sure you want to submit your exam?" onConfirm={onConfirm} onClose={() => {}} />,
    );
    expect(screen.getByRole('dialog', { name: 'Confirmation of Exam Submission' })).toHaveTextContent('Are you sure you want to submit your exam?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
