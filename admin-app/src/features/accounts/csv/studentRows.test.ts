import { CsvFileError, readStudentCsv } from './studentRows';

describe('readStudentCsv', () => {
  it('maps columns by header name in any order and ignores extra columns', () => {
    const { rows, errors } = readStudentCsv('NIS,Status,Name,Phone,Grade\n2024100101,Active,Siti,0812,10\n2024100102,Active,Rudi,,12.0\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { name: 'Siti', nis: '2024100101', status: 'Active', grade: 10 },
      { name: 'Rudi', nis: '2024100102', status: 'Active', grade: 12 },
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
      { row: 2, field: 'name', message: 'name is required' },
      { row: 2, field: 'grade', message: 'grade must be 10, 11 or 12' },
      { row: 3, field: 'status', message: 'status is required' },
      { row: 3, field: 'nis', message: 'NIS repeats row 1' },
    ]);
  });

  it('refuses a file without the needed header or rows', () => {
    expect(() => readStudentCsv('nama,nis\nSiti,1')).toThrow(
      new CsvFileError('The header row must name the columns name, nis, grade, status. Missing: name, grade, status.'),
    );
    expect(() => readStudentCsv('name,nis,grade,status\n')).toThrow('The file has a header but no student rows.');
    expect(() => readStudentCsv('')).toThrow('The file is empty.');
  });
});
