import { searchMatches, searchText } from './search-text';

it('accents, apostrophes and case do not count, both ways', () => {
  expect(searchMatches('Andréas Pratama', 'Andreas')).toBe(true);
  expect(searchMatches('Andreas Pratama', 'andréas')).toBe(true);
  expect(searchMatches("Siti Ma'ruf", 'maruf')).toBe(true);
  expect(searchMatches('Siti Ma’ruf', "ma'ruf")).toBe(true);
  expect(searchMatches('Siti Maruf', 'Ma’ruf')).toBe(true);
  expect(searchMatches('Çitra Ñoviantí', 'citra novianti')).toBe(true);
  expect(searchMatches('Budi', 'Andreas')).toBe(false);
  expect(searchMatches('Budi', '')).toBe(true);
  // a decomposed é (e + U+0301) and a fullwidth letter are the same as the plain letters
  expect(searchText('Andre\u0301as ＡＢ')).toBe('andreas ab');
});
