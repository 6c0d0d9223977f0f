import { countJsonValues } from './json-values';

const count = (text: string, max = 1_000_000) => countJsonValues(Buffer.from(text), max);

describe('countJsonValues', () => {
  it('counts at least every value, whatever its nesting', () => {
    for (const value of [
      0,
      'x',
      [],
      {},
      [0, 1, 2],
      { a: 1, b: [true, null, { c: 'd' }] },
      [[[[]]]],
      [{}, {}, {}],
      { '': '' },
    ]) {
      const text = JSON.stringify(value);
      let values = 0;
      const walk = (v: unknown) => {
        values++;
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      walk(value);
      expect(count(text)).toBeGreaterThanOrEqual(values);
    }
  });

  it('skips strings: brackets, commas and escaped quotes inside them do not count', () => {
    expect(count(JSON.stringify({ a: '[{,,,}]' }))).toBe(4); // { (twice), "a", "[{,,,}]"
    expect(count(JSON.stringify(['say \\"x\\", [y]', 'z\\']))).toBe(5); // [ (twice), two strings, one comma
  });

  it('stops as soon as the count passes max', () => {
    expect(count(`[${'0,'.repeat(1_000_000)}0]`, 100)).toBe(101);
    expect(count(`[${'{},'.repeat(99)}{}]`, 400)).toBe(301); // [ and 100 {} twice, 99 commas
  });

  it('counts an unclosed string once and stops (JSON.parse refuses the text)', () => {
    expect(count('["abc')).toBe(3);
  });
});
