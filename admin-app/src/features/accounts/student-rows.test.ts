import { CsvFileError, readStudentCsv } from './student-rows';

describe('readStudentCsv', () => {
  it('maps columns by header name in any order and ignores extra columns', () => {
    const { rows, errors } = readStudentCsv(
      'NIS,Status,Name,Phone,Grade\n2024100101,Active,Siti,0812,10\n2024100102,Active,Rudi,,12.0\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { name: 'Siti', nis: '2024100101', status: 'Active', grade: 10 },
      { name: 'Rudi', nis: '2024100102', status: 'Active', grade: 12 },
    ]);
  });

  it('accepts Indonesian column names (Nama, NIS, Tingkat) and grades written X, XI, XII', () => {
    const { rows, errors } = readStudentCsv(
      'No;Nama Lengkap;NIS;Tingkat;Status\r\n1;Siti;2024100101;X;\r\n2;Rudi;2024100102;XII;Aktif\r\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { name: 'Siti', nis: '2024100101', grade: 10, status: 'Active' },
      { name: 'Rudi', nis: '2024100102', grade: 12, status: 'Aktif' },
    ]);
    expect(readStudentCsv('nama,nis,tingkat\nSiti,2024100101,11\n').rows).toEqual([
      { name: 'Siti', nis: '2024100101', grade: 11, status: 'Active' },
    ]);
  });

  it('reads a file saved by a spreadsheet in the Indonesian locale (; delimiter, BOM, CRLF)', () => {
    const { rows, errors } = readStudentCsv('\ufeffname;nis;grade;status\r\n"Putri; S.Pd";2024100103;11;Active\r\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ name: 'Putri; S.Pd', nis: '2024100103', status: 'Active', grade: 11 }]);
  });

  it('numbers row problems from the first line after the header', () => {
    const { errors } = readStudentCsv('name,nis,grade,status\nSiti,1,10,Active\n,2,13,Active\nRudi,1,11,\n');
    expect(errors).toEqual([
      { row: 2, field: 'name', message: 'name is required', code: 'validation-required', params: { field: 'name' } },
      {
        row: 2,
        field: 'grade',
        message: 'grade must be 10, 11 or 12',
        code: 'import-grade',
        params: { field: 'grade' },
      },
      {
        row: 3,
        field: 'nis',
        message: 'nis 1 is repeated (first on row 1)',
        code: 'import-nis-repeated',
        params: { nis: '1', first: 1 },
      },
    ]);
  });

  // The server's rules (shared): each of these rows used to get a different answer from the preview and the server.
  it('defaults an empty status to Active, as the server does, instead of refusing the row', () => {
    const { rows, errors } = readStudentCsv('name,nis,grade,status\nSiti,2024100101,10,\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ name: 'Siti', nis: '2024100101', grade: 10, status: 'Active' }]);
  });

  it('takes the spaces out of a NIS typed in groups (also non-breaking ones from a spreadsheet)', () => {
    const { rows, errors } = readStudentCsv('name;nis;grade\nSiti;2024 100 101;10\nRudi;2024\u00a0100\u2009102;10\n');
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.nis)).toEqual(['2024100101', '2024100102']);
  });

  it('refuses in the preview the rows the server refuses: NIS with invisible characters, names over 100 characters, grade "10,0"', () => {
    const csv = `name,nis,grade,status\nSiti,2024 1001,10,Active\nRudi,2024\u200b1002,10,Active\n${'a'.repeat(101)},2024100103,10,Active\nPutri,2024100104,"10,0",Active\n`;
    const { errors } = readStudentCsv(csv);
    expect(errors).toEqual([
      {
        row: 2,
        field: 'nis',
        message: 'nis must not contain invisible or formatting characters (such as a zero-width space)',
        code: 'login-name-invisible',
        params: { field: 'nis' },
      },
      {
        row: 3,
        field: 'name',
        message: 'name must be at most 100 characters',
        code: 'validation-too-long',
        params: { field: 'name', limit: 100 },
      },
      {
        row: 4,
        field: 'grade',
        message: 'grade must be 10, 11 or 12',
        code: 'import-grade',
        params: { field: 'grade' },
      },
    ]);
  });

  it('stores the NIS in the form the server stores it (fullwidth digits become plain)', () => {
    const { rows } = readStudentCsv('name,nis,grade\nSiti,２０２４１,10\n');
    expect(rows[0].nis).toBe('20241');
  });

  it('refuses a file without the needed header or rows', () => {
    expect(() => readStudentCsv('murid,nis\nSiti,1')).toThrow(
      new CsvFileError(
        'The header row must name the columns name, nis, grade (and optionally status). Missing: name, grade.',
      ),
    );
    expect(() => readStudentCsv('name,nis,grade,status\n')).toThrow('The file has a header but no student rows.');
    expect(() => readStudentCsv('')).toThrow('The file is empty.');
  });
});
