import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { StudentTable } from './StudentTable';

const students = [
  { id: 1, name: 'Siti Rahma', nis: '2024001', grade: 10, status: 'Aktif' },
  { id: 2, name: 'Budi Santoso', nis: '2024002', grade: 10, status: 'Pindahan' },
];

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
const firstRow = () =>
  within(screen.getAllByRole('row')[1])
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => i18next.changeLanguage('en'));

it('shows a roster as Name, NIS, Grade, Status, without an Action column unless it has actions', () => {
  render(<StudentTable label="Students of this class" students={students} />);
  expect(screen.getByRole('table', { name: 'Students of this class' })).toBeInTheDocument();
  expect(headers()).toEqual(['Name', 'NIS', 'Grade', 'Status']);
  expect(firstRow()).toEqual(['Siti Rahma', '2024001', '10', 'Aktif']);
});

it('takes the column order, the status cell and the row actions from the screen', () => {
  render(
    <StudentTable
      label="Student Accounts"
      students={students}
      columns={['name', 'nis', 'status', 'grade']}
      renderStatus={(s) => `${s.status} (inactive)`}
      actions={(s) => <button type="button">Edit {s.name}</button>}
    />,
  );
  expect(headers()).toEqual(['Name', 'NIS', 'Status', 'Grade', 'Action']);
  expect(firstRow()).toEqual(['Siti Rahma', '2024001', 'Aktif (inactive)', '10', 'Edit Siti Rahma']);
  expect(screen.getByRole('button', { name: 'Edit Budi Santoso' })).toBeInTheDocument();
});

it('says its headers in Indonesian', async () => {
  await i18next.changeLanguage('id');
  render(<StudentTable label="Siswa" students={students} actions={() => null} />);
  expect(headers()).toEqual(['Nama', 'NIS', 'Tingkat', 'Status', 'Aksi']);
});
