import { StoredJsonError } from '../db/json';
import {
  ContentCache,
  contentBytes,
  ContentError,
  isBase64,
  isRasterDataUrl,
  listQuestions,
  normalizeContent,
  parseContentColumn,
  questionOnly,
  stripAnswerKeys,
  validateAnswers,
} from './content';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const sample = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Surabaya',
  '1_answer': 'A',
  '1_pict': PNG,
  '2_essay': 'Jelaskan fotosintesis',
  '2_essay_answer': 'tumbuhan mengubah cahaya menjadi energi',
  '10': 'Q10',
  '10_a': 'a',
  '10_b': 'b',
  '10_c': 'c',
  '10_d': 'd',
  '10_answer': 'd',
};

function fullSample(): Record<string, string> {
  const out: Record<string, string> = { ...sample };
  for (let n = 3; n <= 9; n++) Object.assign(out, { [`${n}_essay`]: `E${n}` });
  return out;
}

describe('normalizeContent', () => {
  it('accepts a valid map and lowercases answer letters', () => {
    const c = normalizeContent(fullSample());
    expect(c['1_answer']).toBe('a');
    expect(c['1_pict']).toBe(PNG);
    expect(c['2_essay_answer']).toBe('tumbuhan mengubah cahaya menjadi energi');
  });

  it.each([
    [null, 'must be an object'],
    [[], 'must be an object'],
    [{ '1': 5 }, 'content["1"] must be a string'],
    [{ '1': 'q', foo: 'x' }, 'content key "foo"'],
    [{ '0': 'q' }, 'content key "0"'],
    [{}, 'at least one question'],
    [{ '1_essay': 'e', '3_essay': 'e' }, 'without gaps'],
    [{ '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'e' }, 'one of a, b, c, d'],
    [{ '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd' }, 'needs a correct answer'],
    [{ '1': 'q', '1_a': 'a', '1_answer': 'a' }, 'needs option "1_b"'],
    [{ '1_essay': 'e', '1_answer': 'a' }, 'is an essay'],
    [{ '1_essay': 'e', '1_pict': 'data:image/svg+xml;base64,AAAA' }, 'must be a data:image'],
    [{ '1_essay': 'e', '1_pict': 'https://example.com/a.png' }, 'must be a data:image'],
    [{ '1_pict': PNG }, 'needs a text'],
  ])('rejects %j', (raw, message) => {
    expect(() => normalizeContent(raw)).toThrow(ContentError);
    expect(() => normalizeContent(raw)).toThrow(message);
  });

  it('drops empty optional values', () => {
    expect(normalizeContent({ '1_essay': 'e', '1_pict': '', '1_essay_answer': ' ', '1_answer': '' })).toEqual({
      '1_essay': 'e',
    });
  });

  it('caps each text in bytes as sent, not in characters (question, option, reference answer)', () => {
    const refused = (value: string, key = '1_b') => {
      try {
        normalizeContent({ ...fullSample(), [key]: value });
        return undefined;
      } catch (e) {
        return (e as ContentError).extra;
      }
    };
    // 5,001 emoji are 5,001 characters and 20,004 bytes; 3,334 control characters 20,004 bytes as JSON escapes.
    expect(refused('😀'.repeat(5_001))).toMatchObject({
      code: 'text-too-large',
      params: { field: 'content["1_b"]', limit: 20_000 },
    });
    expect(refused('\u0001'.repeat(3_334), '1')).toMatchObject({ code: 'text-too-large' });
    expect(refused('好'.repeat(6_667), '2_essay_answer')).toMatchObject({ code: 'text-too-large' });
    expect(refused('😀'.repeat(5_000))).toBeUndefined();
    expect(refused('x'.repeat(20_000))).toBeUndefined();
    expect(refused('x'.repeat(20_001))).toMatchObject({ code: 'text-too-large' });
  });

  it('rejects oversized images', () => {
    const big = `data:image/png;base64,${'A'.repeat(2_000_100)}`;
    expect(() => normalizeContent({ '1_essay': 'e', '1_pict': big })).toThrow('too large');
  });
});

describe('listQuestions', () => {
  it('lists MC and essay questions in number order', () => {
    const qs = listQuestions(fullSample());
    expect(qs.map((q) => `${q.n}:${q.kind}`)).toEqual([
      '1:mc',
      '2:essay',
      '3:essay',
      '4:essay',
      '5:essay',
      '6:essay',
      '7:essay',
      '8:essay',
      '9:essay',
      '10:mc',
    ]);
    expect(qs[0]).toMatchObject({ answer: 'a' });
    expect(qs[1]).toMatchObject({ reference: 'tumbuhan mengubah cahaya menjadi energi' });
    expect(qs[2].reference).toBeUndefined();
  });
});

describe('stripAnswerKeys / questionOnly', () => {
  it('removes n_answer and n_essay_answer only', () => {
    const s = stripAnswerKeys(sample);
    expect(Object.keys(s).filter((k) => k.endsWith('_answer'))).toEqual([]);
    expect(s['1_a']).toBe('Jakarta');
    expect(s['2_essay']).toBe('Jelaskan fotosintesis');
  });

  it('keeps question n only, never mixing 1 with 10', () => {
    expect(questionOnly(sample, 1)).toEqual({
      '1': 'Ibu kota Indonesia?',
      '1_a': 'Jakarta',
      '1_b': 'Bandung',
      '1_c': 'Medan',
      '1_d': 'Surabaya',
      '1_pict': PNG,
    });
    expect(questionOnly(sample, 2)).toEqual({ '2_essay': 'Jelaskan fotosintesis' });
    expect(questionOnly(sample, 99)).toEqual({});
  });
});

describe('parseContentColumn', () => {
  it('parses text and objects, gives {} for no content, and refuses what is not a map of strings (db/json.ts)', () => {
    expect(parseContentColumn('{"1":"q"}')).toEqual({ '1': 'q' });
    expect(parseContentColumn({ '1': 'q' })).toEqual({ '1': 'q' });
    expect(parseContentColumn(undefined)).toEqual({});
    expect(() => parseContentColumn('{"1":2}')).toThrow(StoredJsonError);
    expect(() => parseContentColumn('not json')).toThrow('stored content is not JSON');
  });
});

describe('validateAnswers', () => {
  it('accepts question-number keys with string values', () => {
    expect(validateAnswers({ '1': 'A', '2': 'essay' })).toEqual({ '1': 'A', '2': 'essay' });
    expect(validateAnswers({})).toEqual({});
  });
  it.each([[null], [[]], [{ a: 'x' }], [{ '1': 1 }], [{ '1': null }]])('rejects %j', (raw) => {
    expect(() => validateAnswers(raw)).toThrow(ContentError);
  });
});

describe('ContentCache', () => {
  it('evicts the least recently used entry and invalidates by prefix', () => {
    const cache = new ContentCache({ maxEntries: 2, maxBytes: 1e6 });
    cache.set('exam:1:a', { '1': 'x' });
    cache.set('exam:2:a', { '1': 'y' });
    cache.get('exam:1:a');
    cache.set('exam:3:a', { '1': 'z' });
    expect(cache.get('exam:2:a')).toBeUndefined();
    expect(cache.get('exam:1:a')).toEqual({ '1': 'x' });
    cache.invalidate('exam:1:');
    expect(cache.get('exam:1:a')).toBeUndefined();
    expect(cache.get('exam:3:a')).toEqual({ '1': 'z' });
  });

  it("counts each entry's bytes and evicts the least recently used until the total fits the cap", () => {
    const text = (n: number) => ({ '1': 'x'.repeat(n) });
    expect(contentBytes('k', text(1000))).toBe(2 * 1 + 32 + 2 * (1 + 1000) + 32);
    const one = contentBytes('exam:1', text(10_000));
    const cache = new ContentCache({ maxEntries: 100, maxBytes: 4 * one });
    for (let i = 1; i <= 4; i++) cache.set(`exam:${i}`, text(10_000));
    expect(cache.bytes).toBe(4 * one);
    cache.get('exam:1');
    cache.set('exam:5', text(10_000));
    expect(cache.bytes).toBe(4 * one);
    expect([1, 2, 3, 4, 5].map((i) => cache.get(`exam:${i}`) !== undefined)).toEqual([true, false, true, true, true]);
    cache.set('exam:5', text(100)); // replaced, not added
    cache.invalidate('exam:3');
    expect(cache.bytes).toBe(2 * one + contentBytes('exam:5', text(100)));
  });

  it('does not keep an entry over a quarter of the cap, so one huge item cannot push out the others', () => {
    const cache = new ContentCache({ maxEntries: 100, maxBytes: 100_000 });
    cache.set('exam:1', { '1': 'kecil' });
    cache.set('exam:2', { '1': 'x'.repeat(12_500) });
    expect(cache.get('exam:2')).toBeUndefined();
    expect(cache.get('exam:1')).toEqual({ '1': 'kecil' });
    expect(cache.size).toBe(1);
  });
});

describe('isBase64 / isRasterDataUrl (one check for every inline picture)', () => {
  it('accepts base64 with 0–2 padding characters and nothing else', () => {
    for (const ok of ['QQ==', 'QUI=', 'QUJD', 'a+/9']) expect(isBase64(ok)).toBe(true);
    for (const bad of ['', '==', 'QQ===', 'Q=Q=', 'QU JD', 'QU\nJD', 'QUJD"', 'é']) expect(isBase64(bad)).toBe(false);
  });

  it('accepts raster data URLs only', () => {
    expect(isRasterDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isRasterDataUrl('data:image/webp;base64,UklGRg==')).toBe(true);
    expect(isRasterDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isRasterDataUrl('data:image/png;base64,<script>')).toBe(false);
    expect(isRasterDataUrl('data:image/png,abc')).toBe(false);
    expect(isRasterDataUrl('https://example.com/a.png')).toBe(false);
  });
});
