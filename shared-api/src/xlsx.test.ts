/** @jest-environment node */
// Node's Blob (jsdom's has no arrayBuffer); the file is read back as Excel would: unzipped, cells from the sheet XML.
import { strFromU8, unzipSync } from 'fflate';
import { fileNameOf } from './download';
import { xlsxBlob } from './xlsx';

async function cellsOf(blob: Blob): Promise<{ sheet: string; strings: string }> {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  return {
    sheet: strFromU8(files['xl/worksheets/sheet1.xml']),
    strings: strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()),
  };
}

test('an .xlsx keeps numbers as numbers and text as text (leading zeros, formula-looking names)', async () => {
  const blob = await xlsxBlob(
    [
      ['Name', 'NIS', 'Score'],
      ['=HYPERLINK("x")', '0012345', 87.5],
      ['Siti', '2024100001', null],
    ],
    'Grades: X IPA 1',
  );
  const { sheet, strings } = await cellsOf(blob);
  expect(strings).toContain('0012345');
  expect(strings).toContain('<t>=HYPERLINK("x")</t>');
  expect(sheet).not.toContain('<f>');
  // 87.5 is a number cell (no t="s"), written with a dot whatever the reader's locale.
  expect(sheet).toMatch(/<c r="C2"[^>]*><v>87\.5<\/v><\/c>/);
  expect(sheet).not.toMatch(/<c r="C3"/);
});

test('file names keep the class and title, without characters a file system refuses', () => {
  expect(fileNameOf(['Grades', 'X IPA 1', 'Bab 2: Asam/Basa?'], 'xlsx')).toBe(
    'Grades - X IPA 1 - Bab 2- Asam-Basa-.xlsx',
  );
  expect(fileNameOf(['', ' '], 'csv')).toBe('export.csv');
});
