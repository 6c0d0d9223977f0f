import { loadConfig } from '../config';
import { normalizePublicUrl, publicImages } from './public-images';

const NAME = `${'a'.repeat(64)}.jpg`;

it('PUBLIC_URL is an http(s) base URL, kept without its trailing slash; anything else stops the start with a clear message', () => {
  expect(normalizePublicUrl('https://kelasku.sman1.sch.id/')).toBe('https://kelasku.sman1.sch.id');
  expect(normalizePublicUrl('https://sekolah.id/kelasku/')).toBe('https://sekolah.id/kelasku');
  expect(() => loadConfig({ PUBLIC_URL: 'kelasku.sch.id', JWT_SECRET: 'x'.repeat(40) })).toThrow(
    'PUBLIC_URL must be an absolute http(s) URL',
  );
  expect(() => loadConfig({ PUBLIC_URL: 'ftp://kelasku.sch.id', JWT_SECRET: 'x'.repeat(40) })).toThrow(
    'PUBLIC_URL must be an http(s) URL',
  );
  expect(loadConfig({ PUBLIC_URL: 'https://kelasku.sch.id/', JWT_SECRET: 'x'.repeat(40) }).publicUrl).toBe(
    'https://kelasku.sch.id',
  );
});

it('only picture sources in <img> tags are rewritten, and back again', () => {
  const images = publicImages('https://a.sch.id/k');
  const html = `<p>Lihat /api/v1/images/${NAME}</p><img alt="x" src='/api/v1/images/${NAME}'><a href="/api/v1/images/${NAME}">x</a>`;
  const out = images.html(html);
  expect(out).toBe(
    `<p>Lihat /api/v1/images/${NAME}</p><img alt="x" src='https://a.sch.id/k/api/v1/images/${NAME}'><a href="/api/v1/images/${NAME}">x</a>`,
  );
  expect(images.relativeHtml(out)).toBe(html);
  // Another site's picture is not this site's: kept as sent.
  expect(images.relativeHtml(`<img src="https://other.id/api/v1/images/${NAME}">`)).toBe(
    `<img src="https://other.id/api/v1/images/${NAME}">`,
  );
});

it('a stray "<img" before a real tag (text before sanitizing) leaves the real tag rewritten', () => {
  const images = publicImages('https://a.sch.id');
  expect(images.relativeHtml(`<img<img<img src="https://a.sch.id/api/v1/images/${NAME}">`)).toBe(
    `<img<img<img src="/api/v1/images/${NAME}">`,
  );
});
