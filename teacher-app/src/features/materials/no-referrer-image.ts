/**
 * Quill's image format, but a picture from another site is fetched without telling that site who is reading and
 * where (`referrerpolicy="no-referrer"`, as SafeHtml shows saved materials). The attribute is set before `src`:
 * the browser starts fetching as soon as `src` is set, with the policy the element has at that moment.
 */
export interface ImageFormat {
  sanitize(url: string): string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base class must take any arguments
export type ImageClass = ImageFormat & (new (...args: any[]) => object);

export function noReferrerImage<T extends ImageClass>(Image: T): T {
  return class NoReferrerImage extends Image {
    static create(value: unknown): HTMLElement {
      const node = document.createElement('img');
      node.setAttribute('referrerpolicy', 'no-referrer');
      if (typeof value === 'string') node.setAttribute('src', (this as unknown as ImageFormat).sanitize(value));
      return node;
    }
  };
}
