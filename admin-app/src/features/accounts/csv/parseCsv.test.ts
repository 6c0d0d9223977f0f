import { detectDelimiter, parseCsv, toCsv } from './parseCsv';
import { CsvFileError, readStudentCsv } from './studentRows';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\ufeffname,nis\r\n"Putri, S.Pd",1\r\n"Said ""Ali""",2\n"two\nlines",3\n\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'nis'],
      ['Putri, S.Pd', '1'],
      ['Said "Ali"', '2'],
      ['two\nlines', '3'],
    ]);
  });

  it('guesses semicolons and tabs from the header (Indonesian spreadsheets save with ;)', () => {
    expect(detectDelimiter('name;nis;grade;status\n')).toBe(';');
    expect(detectDelimiter('name\tnis\n')).toBe('\t');
    expect(parseCsv('name;nis\nAndi;1')).toEqual([['name', 'nis'], ['Andi', '1']]);
  });

  it('writes values that need quoting', () => {
    expect(toCsv([['name', 'pw'], ['Putri, S.Pd', 'a"b']])).toBe('name,pw\r\n"Putri, S.Pd","a""b"\r\n');
  });
});

describe('readStudentCsv', () => {
  it('maps columns by header name in any order and ignores extra columns', () => {
    const { rows, errors } = readStudentCsv('NIS,Status,Name,Phone,Grade\n2024100101,Active,Siti,0812,10\n2024100102,Active,Rudi,,12.0\n');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { name: 'Siti', nis: '2024100101', status: 'Active', grade: 10 },
      { name: 'Rudi', nis: '2024100102', status: 'Active', grade: 12 },
    ]);
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
