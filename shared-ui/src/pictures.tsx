/**
 * Stored pictures offered in the size a screen needs (shared-rules/src/picture-variants.ts): a `<picture>` with the
 * WebP copies as `<source>` and the copies in the original's format on the `<img>`, whose `width` and `height` keep
 * its room before it arrives. A 360 px phone then downloads the 480 px copy instead of the 1600 px original.
 */
import type { CSSProperties } from 'react';
import { pictureSources, sizeInUrl } from '@kelasku/shared-rules/src/picture-variants';

/**
 * In sanitized HTML (an inert template's content): each stored picture whose tag says its width and height becomes
 * a `<picture>` with its copies. Only attributes computed from the picture's own address are added.
 */
export function offerPictureCopies(root: DocumentFragment | Element): void {
  for (const img of Array.from(root.querySelectorAll('img'))) {
    if (img.parentElement?.tagName === 'PICTURE') continue;
    const sources = pictureSources(
      img.getAttribute('src') ?? '',
      Number(img.getAttribute('width')),
      Number(img.getAttribute('height')),
    );
    if (!sources) continue;
    img.setAttribute('sizes', sources.sizes);
    img.setAttribute('srcset', sources.srcset || sources.webpSrcset);
    img.setAttribute('decoding', 'async');
    if (!sources.srcset) continue; // a WebP original: its copies are on the img itself
    const picture = img.ownerDocument.createElement('picture');
    const source = img.ownerDocument.createElement('source');
    source.setAttribute('type', 'image/webp');
    source.setAttribute('srcset', sources.webpSrcset);
    source.setAttribute('sizes', sources.sizes);
    img.replaceWith(picture);
    picture.append(source, img);
  }
}

/** HTML with its stored pictures offered in several sizes (see offerPictureCopies); unchanged without any. */
export function withPictureCopies(html: string): string {
  if (!html.includes('/api/v1/images/') || typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  offerPictureCopies(template.content);
  return template.innerHTML;
}

/** The attributes of an `<img>` of a stored picture whose address carries its size (`…#1600x1200`). */
export function pictureProps(url: string): {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
} {
  const size = sizeInUrl(url);
  const sources = size && pictureSources(url, size.width, size.height);
  if (!size || !sources) return { src: url };
  return {
    src: sources.src,
    srcSet: sources.srcset || sources.webpSrcset,
    sizes: sources.sizes,
    width: size.width,
    height: size.height,
  };
}

/** The WebP copies of a stored picture whose address carries its size ('' when none): what a browser shows first. */
export function webpCandidates(url: string): string {
  const size = sizeInUrl(url);
  return (size && pictureSources(url, size.width, size.height)?.webpSrcset) || '';
}

/**
 * A stored picture (an exam or exercise question's) in the size the screen needs: WebP copies first, the original's
 * format otherwise; a picture without a known size (a data: URL, one stored before sizes were kept) as it is.
 */
export function StoredPicture({
  url,
  alt,
  style,
  className,
  loading,
}: {
  url: string;
  alt: string;
  style?: CSSProperties;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const size = sizeInUrl(url);
  const sources = size && pictureSources(url, size.width, size.height);
  const img = (props: ReturnType<typeof pictureProps>) => (
    <img
      {...props}
      alt={alt}
      style={{ maxWidth: '100%', height: 'auto', ...style }}
      className={className}
      loading={loading}
      decoding="async"
      referrerPolicy="no-referrer"
    />
  );
  if (!sources || !sources.srcset) return img(pictureProps(url));
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webpSrcset} sizes={sources.sizes} />
      {img(pictureProps(url))}
    </picture>
  );
}
