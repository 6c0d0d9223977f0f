import { screen } from '@testing-library/react';
import { statsApi } from '@kelasku/shared-api';
import { renderAt, signInStudent } from '../../test/render';
import { DashboardStudent } from './DashboardStudent';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return { ...actual, statsApi: { ...actual.statsApi, student: jest.fn() } };
});
const student = statsApi.student as jest.Mock;

beforeEach(() => localStorage.clear());

test('welcomes the student by name and shows progress from the server', async () => {
  signInStudent(5, 'Siti Rahma');
  student.mockResolvedValue({ materials: { done: 3, total: 7 }, tasks: { completed: 2, total: 5 }, exams: { completed: 1, total: 2 } });
  renderAt(<DashboardStudent />);
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Welcome again, Siti Rahma!')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Progress Status' })).toBeInTheDocument();
  expect(await screen.findByText('subjects completed')).toBeInTheDocument();
  const tiles = screen.getAllByRole('listitem').map((li) => li.textContent);
  expect(tiles).toEqual(['3 of 7subjects completed', '2 of 5tasks completed', '1 of 2exams completed']);
});

test('falls back to Guest and shows an error when progress cannot load', async () => {
  localStorage.setItem('token', 't.t.t');
  localStorage.setItem('userData', JSON.stringify({ role: 'student', display_name: '', exp: Date.now() / 1000 + 60 }));
  student.mockRejectedValue(new Error('down'));
  renderAt(<DashboardStudent />);
  expect(screen.getByText('Welcome again, Guest!')).toBeInTheDocument();
  expect(await screen.findByText('Could not load your progress, please try again later.')).toBeInTheDocument();
});
