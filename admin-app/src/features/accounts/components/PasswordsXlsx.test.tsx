import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { ImportResultView } from './ImportResultView';
import { PasswordDialog } from './PasswordDialog';

const blobs: Blob[] = [];
const saved: string[] = [];
beforeEach(() => {
  blobs.length = 0;
  saved.length = 0;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

/** The cells of the saved workbook's first sheet, row by row (text from the shared strings, numbers as numbers). */
async function savedCells(): Promise<(string | number)[][]> {
  const bytes = await new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blobs[0]);
  });
  const files = unzipSync(bytes);
  const strings = [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<t>([^<]*)<\/t>/g)].map((m) => m[1]);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/g)].map((row) =>
    [...row[1].matchAll(/<c r="[A-Z]+\d+"([^>]*)><v>([^<]*)<\/v><\/c>/g)].map((c) =>
      c[1].includes('t="s"') ? strings[Number(c[2])] : Number(c[2]),
    ),
  );
}

test('a one-time password can be saved as .xlsx (the NIS stays text), which enables Done', async () => {
  renderAt(
    <PasswordDialog
      shown={{ title: 'Student Added', name: 'Siti', loginLabel: 'NIS', login: '0024100001', password: 'Ab3-xyz' }}
      onClose={() => {}}
    />,
  );
  expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Download (Excel)' }));
  await waitFor(() => expect(saved).toEqual(['password-0024100001.xlsx']));
  expect(await savedCells()).toEqual([
    ['name', 'nis', 'password'],
    ['Siti', '0024100001', 'Ab3-xyz'],
  ]);
  expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
});

test('imported students’ passwords can be saved as .xlsx', async () => {
  const onDownloaded = jest.fn();
  renderAt(
    <ImportResultView
      result={
        {
          created: 1,
          students: [{ id: 1, name: 'Rudi', nis: '2024100002', grade: 11, status: 'Active', initial_password: 'Pw-1' }],
        } as never
      }
      onDownloaded={onDownloaded}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Download passwords (Excel)' }));
  await waitFor(() => expect(onDownloaded).toHaveBeenCalled());
  expect(saved).toEqual(['student-passwords.xlsx']);
  expect(await savedCells()).toEqual([
    ['name', 'nis', 'grade', 'initial_password'],
    ['Rudi', '2024100002', 11, 'Pw-1'],
  ]);
});
