import i18next from 'i18next';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../../../../jest/msw-routes';
import { classItem, material, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses } from '../../../test/network';
import CopyMaterialDialog from './CopyMaterialDialog';

beforeEach(() => {
  signInAsTeacher();
  answerMyClasses([
    X_IPA_1,
    classItem({ id: 5, name: 'X IPA 2', grade: 10 }),
    classItem({ id: 6, name: 'X IPA 3', grade: 10 }),
    classItem({ id: 7, name: 'XI IPA 1', grade: 11 }),
  ]);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('Copy to other classes', () => {
  it('offers the other classes of the grade and copies to those ticked in one request', async () => {
    const user = userEvent.setup();
    const onCopied = jest.fn();
    const copy = reply('post /materials/copy', () => ({
      materials: [material({ id: 20, title: 'Sel', class_id: 5 }), material({ id: 21, title: 'Sel', class_id: 6 })],
    }));
    renderAt(<CopyMaterialDialog materialId={11} classId={4} onClose={jest.fn()} onCopied={onCopied} />);
    expect(await screen.findByRole('checkbox', { name: 'X IPA 2' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Classes of grade 10' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'X IPA 1' })).not.toBeInTheDocument(); // its own class
    expect(screen.queryByRole('checkbox', { name: 'XI IPA 1' })).not.toBeInTheDocument(); // another grade
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'X IPA 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'X IPA 3' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledWith(2));
    expect(copy).toHaveBeenCalledWith({ query: {}, body: { material_id: 11, class_ids: [5, 6] } });
  });

  it('says so when the teacher has no other class of the grade; in Indonesian too', async () => {
    await i18next.changeLanguage('id');
    renderAt(<CopyMaterialDialog materialId={11} classId={7} onClose={jest.fn()} onCopied={jest.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Salin ke kelas lain' })).toBeInTheDocument();
    expect(await screen.findByText('Anda tidak mengajar kelas lain di tingkat ini.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salin' })).toBeDisabled();
  });
});
