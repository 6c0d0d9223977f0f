import { overBytes, textBytes } from './text-bytes';

/** UTF-8 bytes of JSON.stringify's text, quotes off (JSON.stringify escapes lone surrogates, so encoding cannot fail). */
const jsonBytes = (text: string) => encodeURIComponent(JSON.stringify(text)).replace(/%[0-9A-F]{2}/g, 'x').length - 2;

it('counts what JSON.stringify writes in UTF-8: escapes, 2-, 3- and 4-byte characters, lone surrogates', () => {
  const samples = [
    '',
    'jawaban',
    'x<y & z',
    '"quoted" \\ back',
    'line\nbreak\ttab\r\b\f',
    '\u0001\u001f\u007f',
    'é ñ ß',
    'ऄ 漢字 ￿',
    '😀'.repeat(3),
    'a\ud800b',
    '\udc00',
    '😀'.slice(0, 1),
    'Ibu Budi 👩🏽‍🏫 ✓',
  ];
  for (const s of samples) expect([s, textBytes(s)]).toEqual([s, jsonBytes(s)]);
  // every code unit once
  let all = '';
  for (let c = 0; c < 0x10000; c += 1) all += String.fromCharCode(c);
  expect(textBytes(all)).toBe(jsonBytes(all));
});

it('20,000 emoji are 80,000 bytes, 20,000 control characters 120,000', () => {
  expect(textBytes('😀'.repeat(20_000))).toBe(80_000);
  expect(textBytes('\u0001'.repeat(20_000))).toBe(120_000);
});

it('overBytes decides at the limit', () => {
  expect(overBytes('a'.repeat(100), 100)).toBe(false);
  expect(overBytes('a'.repeat(101), 100)).toBe(true);
  expect(overBytes('😀'.repeat(25), 100)).toBe(false);
  expect(overBytes('😀'.repeat(25) + 'a', 100)).toBe(true);
  expect(overBytes('"'.repeat(50), 100)).toBe(false);
  expect(overBytes('"'.repeat(51), 100)).toBe(true);
});
