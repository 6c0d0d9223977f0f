import { MAX_PAGE_BYTES } from './limits';
import { materialBytes, materialPageSize } from './material-bytes';

it('sizes a page by the largest material, its pictures prefixed with PUBLIC_URL, never below one', () => {
  expect(materialPageSize(15, { list_bytes: 600, image_refs: 0 }, 0)).toBe(15);
  expect(materialPageSize(100, { list_bytes: 100_000, image_refs: 0 }, 0)).toBe(
    Math.floor((MAX_PAGE_BYTES - 1024) / 100_000),
  );
  // 1,000 pictures each 40 bytes longer in a reply: 40 KB more per material
  expect(materialPageSize(100, { list_bytes: 60_000, image_refs: 1000 }, 40)).toBe(
    Math.floor((MAX_PAGE_BYTES - 1024) / 100_000),
  );
  expect(materialPageSize(100, { list_bytes: 5 * MAX_PAGE_BYTES, image_refs: 0 }, 0)).toBe(1);
  expect(materialPageSize(100, { list_bytes: 0, image_refs: 0 }, 0)).toBe(100);
});

it('counts a material as JSON carries it (escapes, UTF-8) and its stored pictures', () => {
  expect(materialBytes({ title: '\u0001', description: '😀', content: '<img src="/api/v1/images/a.png">' })).toEqual({
    list_bytes: 512 + 6 + 4 + 34,
    image_refs: 1,
  });
});
