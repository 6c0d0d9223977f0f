/**
 * The parsed-content cache as the item routes use it (its limits, stripAnswerKeys beside each item): bounded in bytes,
 * measured on the heap. Before, it was bounded to 300 entries whatever their size: 40 reads of large items held
 * about 100 MB.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { ContentCache, type ContentMap, parseContentColumn, stripAnswerKeys } from '../content';
import { CONTENT_CACHE_LIMITS } from './assessments';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A long exam's content as stored: 150 questions of 10,000 characters with four options each (~2.2 MB of JSON). */
function largeItemJson(item: number): string {
  const content: ContentMap = {};
  for (let n = 1; n <= 150; n++) {
    content[String(n)] = `Soal ${item}.${n} `.padEnd(10_000, 'teks soal panjang ');
    for (const o of ['a', 'b', 'c', 'd']) content[`${n}_${o}`] = `Pilihan ${o} ${item}.${n} `.padEnd(500, 'x');
    content[`${n}_answer`] = 'a';
  }
  return JSON.stringify(content);
}

describe('the parsed-content cache', () => {
  it('holds at most its byte cap, measured on the heap, after reading 40 large items (full and student views)', () => {
    const cache = new ContentCache(CONTENT_CACHE_LIMITS);
    const texts = Array.from({ length: 40 }, (_, i) => largeItemJson(i + 1));
    const before = heapAfterGc();
    for (const [i, text] of texts.entries()) {
      const key = `exam:${i + 1}:2026-11-27T08:00:00.000Z`;
      const content = parseContentColumn(text);
      cache.set(key, content);
      cache.set(`${key}:student`, stripAnswerKeys(content));
    }
    const grown = heapAfterGc() - before;
    // The strings here take one byte a character and the count assumes two, so the heap holds at most half the cap
    // (17 MB here; 75 MB when the cache counted entries only).
    expect(grown).toBeLessThan(CONTENT_CACHE_LIMITS.maxBytes / 2);
    expect(cache.bytes).toBeLessThanOrEqual(CONTENT_CACHE_LIMITS.maxBytes);
    expect(cache.size).toBeGreaterThan(10); // still caching: the latest items are there
    expect(cache.get('exam:40:2026-11-27T08:00:00.000Z')?.['1']).toMatch(/^Soal 40\.1 /);
    expect(cache.get('exam:1:2026-11-27T08:00:00.000Z')).toBeUndefined();
  });
});
