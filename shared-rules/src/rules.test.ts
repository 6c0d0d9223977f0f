import {
  checkStudentRows,
  studentImportField,
  classNameKey,
  findClassByName,
  END_BEFORE_START,
  normalizeStatus,
  schoolIdProblem,
  endsAfterStart,
  examStatusAt,
  pictureSizeProblem,
  windowRefusal,
  wibIsoText,
  wibWallClock,
} from './index';

it('the exam window is the closed interval [start, end]', () => {
  expect([
    examStatusAt(10, 20, 9),
    examStatusAt(10, 20, 10),
    examStatusAt(10, 20, 20),
    examStatusAt(10, 20, 21),
  ]).toEqual(['Scheduled', 'Active', 'Active', 'Completed']);
  expect(windowRefusal('Active')).toBeNull();
  expect(windowRefusal('Completed')).toBe('The exam has ended');
  expect(endsAfterStart(10, 10)).toBe(false);
  expect(END_BEFORE_START).toBe('End time must be after start time.');
});

it('WIB is UTC+7: 17:00 UTC on a Sunday is 00:00 on Monday in Jakarta', () => {
  expect(wibWallClock(Date.UTC(2025, 0, 5, 17, 0))).toEqual({
    year: 2025,
    month: 0,
    day: 6,
    weekday: 1,
    hours: 0,
    minutes: 0,
  });
  expect(wibWallClock(Date.UTC(2024, 11, 31, 16, 59))).toEqual({
    year: 2024,
    month: 11,
    day: 31,
    weekday: 2,
    hours: 23,
    minutes: 59,
  });
  expect(wibIsoText(Date.UTC(2024, 11, 31, 17, 0, 5))).toBe('2025-01-01T00:00:05');
});

it('student rows: status defaults to Active, NIS normalised, repeats reported on the later row', () => {
  const { inputs, errors } = checkStudentRows([
    { name: ' Siti ', nis: '２０２４１', grade: '10', status: '' },
    { name: 'Rudi', nis: '20241', grade: 12, status: 'Moved' },
  ]);
  expect(inputs).toEqual([
    { name: 'Siti', nis: '20241', grade: 10, status: 'Active' },
    { name: 'Rudi', nis: '20241', grade: 12, status: 'Moved' },
  ]);
  expect(errors).toEqual([
    {
      row: 2,
      field: 'nis',
      message: 'nis 20241 is repeated (first on row 1)',
      code: 'import-nis-repeated',
      params: { nis: '20241', first: 1 },
    },
  ]);
});

it('names the picture limit in the message', () => {
  expect(pictureSizeProblem(1_500_000)).toBeNull();
  expect(pictureSizeProblem(2_000_000)).toBe(
    'This picture is 2.0 MB; pictures can be at most 1.5 MB. Choose a smaller or simpler picture.',
  );
});

describe('clean account data', () => {
  it('NIS/NIP are digits only', () => {
    expect(schoolIdProblem('2024100001')).toBeUndefined();
    for (const bad of ['S-2024', '2024 1', '٢٠٢٤', 'IMP000001'])
      expect(schoolIdProblem(bad)).toEqual({ code: 'school-id-not-digits', text: 'must contain digits only (0-9)' });
  });

  it('a common status is spelled one way; other text is only trimmed', () => {
    expect(normalizeStatus(' active ')).toBe('Active');
    expect(normalizeStatus('TRANSFERRED')).toBe('Transferred');
    expect(normalizeStatus(' Cuti sakit ')).toBe('Cuti sakit');
  });

  it('class names compare trimmed and case-insensitively', () => {
    expect(classNameKey('  x ipa 1 ')).toBe(classNameKey('X IPA 1'));
    expect(classNameKey('X IPA 1')).not.toBe(classNameKey('X IPA 2'));
  });
});

it('student import rows accept Indonesian column names as well as English, in any case', () => {
  expect(
    [
      'Nama',
      ' nama_siswa ',
      'NIS',
      'Tingkat',
      'STATUS',
      'grade',
      'Kelas',
      'NISN',
      'Rombel',
      'rombongan-belajar',
      'Class',
    ].map(studentImportField),
  ).toEqual(['name', 'name', 'nis', 'grade', 'status', 'grade', 'class', undefined, 'class', 'class', 'class']);
  const { inputs, errors } = checkStudentRows([{ Nama: 'Siti', NIS: '2024100101', Tingkat: 'XI' }]);
  expect(errors).toEqual([]);
  expect(inputs).toEqual([{ name: 'Siti', nis: '2024100101', grade: 11, status: 'Active' }]);
});

it('an import row keeps the class it names, trimmed; a blank cell names none', () => {
  const { inputs } = checkStudentRows([
    { nama: 'Siti', nis: '2024100101', tingkat: 'X', Rombel: ' X IPA 1 ' },
    { nama: 'Budi', nis: '2024100102', tingkat: 10, kelas: ' ' },
  ]);
  expect(inputs).toEqual([
    { name: 'Siti', nis: '2024100101', grade: 10, status: 'Active', class: 'X IPA 1' },
    { name: 'Budi', nis: '2024100102', grade: 10, status: 'Active' },
  ]);
});

it('a class is found by name within its grade, by the rule that keeps class names unique', () => {
  const classes = [
    { id: 1, name: 'X IPA 1', grade: 10 },
    { id: 2, name: 'XI IPA 1', grade: 11 },
    { id: 3, name: 'X IPS 1', grade: 10 },
  ];
  expect(findClassByName(classes, 10, '  x ipa 1 ')?.id).toBe(1);
  expect(findClassByName(classes, 10, 'Ｘ IPS 1')?.id).toBe(3); // full-width letters as NFKC reads them
  expect(findClassByName(classes, 10, 'XI IPA 1')).toBeUndefined();
  expect(findClassByName(classes, 11, 'X IPA 1')).toBeUndefined();
  expect(findClassByName(classes, 10, '')).toBeUndefined();
});
