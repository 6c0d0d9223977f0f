import { originalOrder, publicIdsSeed, seededPermutation, sheetOrder } from './index';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const on = { shuffle_questions: true, shuffle_options: true };
/** Seeds as the server gives them (base64url HMACs); any text works the same. */
const seedOf = (n: number) => `s${n}-Yk3q9ZP0xw`;

describe('shuffled questions and options', () => {
  it('is stable: the same seed gives the same order every time', () => {
    const a = sheetOrder(seedOf(42), 20, on);
    const b = sheetOrder(seedOf(42), 20, on);
    expect(a.questions).toEqual(b.questions);
    for (let n = 1; n <= 20; n++) expect(a.options(n)).toEqual(b.options(n));
  });

  it('is a permutation of the original numbers and letters', () => {
    for (let student = 1; student <= 50; student++) {
      const o = sheetOrder(seedOf(student), 12, on);
      expect(sorted(o.questions)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      for (let n = 1; n <= 12; n++) expect(sorted(o.options(n))).toEqual([0, 1, 2, 3]);
    }
  });

  it('differs between two seeds (and actually moves questions)', () => {
    const orders = Array.from({ length: 100 }, (_, s) => sheetOrder(seedOf(s + 1), 10, on).questions.join(','));
    // 10! orders: 100 students almost surely all differ; a weak seed or a no-op shuffle would repeat.
    expect(new Set(orders).size).toBe(100);
    expect(orders.filter((o) => o === '1,2,3,4,5,6,7,8,9,10')).toHaveLength(0);
    const opts = Array.from({ length: 100 }, (_, s) =>
      sheetOrder(seedOf(s + 1), 10, on)
        .options(1)
        .join(','),
    );
    expect(new Set(opts).size).toBeGreaterThan(15); // 24 orders of four options, spread over the students
  });

  it('keeps the order of sheets shuffled from the public ids (their stored seed)', () => {
    // The order the first shuffling release showed student 42 of exam 7: a sheet opened then still shows it.
    const o = sheetOrder(publicIdsSeed('exam', 7, 42), 10, on);
    expect(o.questions).toEqual([6, 3, 1, 2, 10, 7, 9, 4, 5, 8]);
    expect(o.options(3)).toEqual([3, 1, 0, 2]);
  });

  it('is the identity when turned off', () => {
    const off = sheetOrder(seedOf(9), 6, {});
    expect(off.questions).toEqual([1, 2, 3, 4, 5, 6]);
    expect(off.options(3)).toEqual([0, 1, 2, 3]);
    const onlyOptions = sheetOrder(seedOf(9), 6, { shuffle_options: true });
    expect(onlyOptions.questions).toEqual([1, 2, 3, 4, 5, 6]);
    expect(originalOrder(3).questions).toEqual([1, 2, 3]);
    expect(seededPermutation('x', 4, 0, false)).toEqual([0, 1, 2, 3]);
  });
});
