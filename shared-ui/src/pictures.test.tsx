import { render } from '@testing-library/react';
import { pictureProps, StoredPicture, withPictureCopies } from './pictures';

const H = 'a'.repeat(64);

describe('stored pictures in the size a screen needs', () => {
  it('a sized material picture becomes a <picture> with WebP and JPEG copies narrower than it, width and height kept', () => {
    const html = withPictureCopies(`<p><img width="1600" height="1200" src="/api/v1/images/${H}.jpg" alt="foto"></p>`);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const source = doc.querySelector('picture > source')!;
    const img = doc.querySelector('picture > img')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toBe(
      `/api/v1/images/${H}-480.webp 480w, /api/v1/images/${H}-960.webp 960w, /api/v1/images/${H}-1600.webp 1600w`,
    );
    expect(img.getAttribute('srcset')).toBe(
      `/api/v1/images/${H}-480.jpg 480w, /api/v1/images/${H}-960.jpg 960w, /api/v1/images/${H}.jpg 1600w`,
    );
    expect(img.getAttribute('sizes')).toBe('(max-width: 960px) 100vw, 960px');
    expect([
      img.getAttribute('src'),
      img.getAttribute('width'),
      img.getAttribute('height'),
      img.getAttribute('alt'),
    ]).toEqual([`/api/v1/images/${H}.jpg`, '1600', '1200', 'foto']);
  });

  it('leaves pictures it cannot size as they are: no size, another site, a GIF, a data: URL', () => {
    for (const tag of [
      `<img src="/api/v1/images/${H}.jpg">`,
      `<img width="800" height="600" src="https://example.org/api/v1/images/x.jpg">`,
      `<img width="0" height="600" src="/api/v1/images/${H}.png">`,
      `<img width="abc" height="600" src="/api/v1/images/${H}.png">`,
    ])
      expect(withPictureCopies(tag)).not.toContain('srcset');
    expect(withPictureCopies(`<img width="800" height="600" src="/api/v1/images/${H}.gif">`)).not.toContain(
      '<picture>',
    );
  });

  it('a question picture whose address carries its size: copies, width and height; without a size, the address alone', () => {
    expect(pictureProps(`/api/v1/images/${H}.png#900x1200`)).toEqual({
      src: `/api/v1/images/${H}.png`,
      srcSet: `/api/v1/images/${H}-480.png 480w, /api/v1/images/${H}.png 900w`,
      sizes: '(max-width: 900px) 100vw, 900px',
      width: 900,
      height: 1200,
    });
    expect(pictureProps(`/api/v1/images/${H}.png`)).toEqual({ src: `/api/v1/images/${H}.png` });
    const { container } = render(
      <StoredPicture url={`https://kelasku.example/api/v1/images/${H}.webp#480x320`} alt="Soal 1" />,
    );
    expect(container.querySelector('source')).toBeNull(); // a WebP original: its copies are on the img
    expect(container.querySelector('img')!.getAttribute('srcset')).toBe(
      `https://kelasku.example/api/v1/images/${H}.webp 480w`,
    );
    expect(container.querySelector('img')!.getAttribute('width')).toBe('480');
  });
});
