import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../../../../jest/msw-routes';
import { classItem, exercise, material, meta, signInAsTeacher } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import Grades from './Grades';

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

test('Excel export: class and title in the file name, a column per question and the pending essays', async () => {
  signInAsTeacher();
  const user = userEvent.setup();
  reply('get /exercises/submissions', () => [
    { student_id: 1, name: 'Ahmad Fauzi', nis: '0024100001', sheet_id: 3, status: 'Submitted', score: 50 },
    { student_id: 2, name: 'Budi Santoso', nis: '2024100002', sheet_id: null, status: 'Not started', score: null },
  ]);
  answerMyClasses([classItem({ id: 7, name: 'X IPA 1', grade: 10, teacher_id: 1 })]);
  reply('get /materials/from-class', () => ({
    materials: [material({ id: 4, class_id: 7, title: 'Limit', teacher_id: 1, exercise_id: 5 })],
    meta: meta(1, 1, 100),
  }));
  reply('get /exercises', () => [
    exercise({
      id: 5,
      material_id: 4,
      title: 'Latihan Limit',
      teacher_id: 1,
      content: {
        '1': 'Q',
        '1_a': 'a',
        '1_b': 'b',
        '1_c': 'c',
        '1_d': 'd',
        '1_answer': 'a',
        '2_essay': 'Jelaskan',
        '3_essay': 'Hitung',
      },
    }),
  ]);
  const grade = reply('get /exercises/get-grade', () => [
    {
      id: 1,
      student_id: 1,
      exercise_id: 5,
      score: 50,
      detail: {
        '1': { kind: 'mc', correct: true },
        '2': { kind: 'essay', score: 17.5, max: 50, pending: false, source: 'local' },
        '3': { kind: 'essay', score: null, max: 50, pending: true, source: 'local' },
      },
    },
  ]);
  const blobs: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:grades';
  });
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });

  renderAt(<Grades />, '/Grades?exercise_id=5');
  await user.click(await screen.findByRole('button', { name: 'Export grades (Excel)' }));
  await waitFor(() => expect(clicked).toEqual(['Grades - X IPA 1 - Latihan Limit.xlsx']));
  // only the graded student's detail
  expect(grade).toHaveBeenCalledTimes(1);
  expect(grade).toHaveBeenCalledWith(asked({ exercise_id: '5', student_id: '1' }));

  const files = unzipSync(await readBlob(blobs[0]));
  const strings = [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<t>([^<]*)<\/t>/g)].map((m) => m[1]);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
  const cell = (ref: string) => {
    const m = new RegExp(`<c r="${ref}"([^>]*)><v>([^<]*)</v></c>`).exec(sheet);
    if (!m) return null;
    return m[1].includes('t="s"') ? strings[Number(m[2])] : Number(m[2]);
  };
  expect(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1'].map(cell)).toEqual([
    'Name',
    'NIS',
    'Status',
    'Score',
    'Pending essays',
    'Q1 (1 = correct)',
    'Q2 (essay)',
    'Q3 (essay)',
  ]);
  expect(['A2', 'B2', 'C2', 'D2', 'E2', 'F2', 'G2', 'H2'].map(cell)).toEqual([
    'Ahmad Fauzi',
    '0024100001',
    'Submitted',
    50,
    1,
    1,
    17.5,
    'pending',
  ]);
  expect(['A3', 'C3', 'D3', 'E3', 'F3'].map(cell)).toEqual(['Budi Santoso', 'Not started', null, null, null]);
});
