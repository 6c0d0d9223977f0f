import { noReferrerImage } from './no-referrer-image';

/** Quill's Image format as far as the editor's version relies on it (its create sets src right away). */
class QuillImage {
  static sanitize(url: string) {
    return /^(https?|data):/.test(url) ? url : '//:0';
  }
  static create(value: unknown): HTMLElement {
    const node = document.createElement('img');
    if (typeof value === 'string') node.setAttribute('src', this.sanitize(value));
    return node;
  }
}

it('an image from another site carries referrerpolicy="no-referrer" before its src is set (before the fetch starts)', () => {
  const Image = noReferrerImage(QuillImage);
  const order: string[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the real method, called with its `this` by the spy
  const original = Element.prototype.setAttribute;
  jest.spyOn(Element.prototype, 'setAttribute').mockImplementation(function record(
    this: Element,
    name: string,
    value: string,
  ) {
    order.push(name);
    original.call(this, name, value);
  });
  const node = Image.create('https://pelacak.example/foto.png');
  jest.restoreAllMocks();
  expect(order).toEqual(['referrerpolicy', 'src']);
  expect(node.getAttribute('referrerpolicy')).toBe('no-referrer');
  expect(node.getAttribute('src')).toBe('https://pelacak.example/foto.png');
  // Quill's own sanitizing still applies.
  expect(Image.create('javascript:alert(1)').getAttribute('src')).toBe('//:0');
  // And Quill's plain format does not do it (what this replaces).
  expect(QuillImage.create('https://pelacak.example/foto.png').hasAttribute('referrerpolicy')).toBe(false);
});
