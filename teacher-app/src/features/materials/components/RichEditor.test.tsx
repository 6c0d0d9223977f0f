import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import RichEditor from './RichEditor';
import { mockCanvas, restoreCanvas } from '../../../test/mock-canvas';

// Quill itself is ESM only and needs layout jsdom lacks: a stand-in keeps what the editor uses of it.
jest.mock('quill', () => {
  class FakeImage {
    static sanitize(url: string) {
      return url;
    }
    static create(value: string) {
      const img = document.createElement('img');
      img.setAttribute('src', value);
      return img;
    }
  }
  class FakeQuill {
    static last: FakeQuill;
    static registered: Array<{ create(value: string): HTMLElement }> = [];
    static import(name: string) {
      return name === 'formats/image'
        ? FakeImage
        : class {
            value() {
              return {};
            }
          };
    }
    static register(path: unknown, format?: { create(value: string): HTMLElement }) {
      if (path === 'formats/image' && format) FakeQuill.registered.push(format);
    }
    root = document.createElement('div');
    clipboard = { convert: () => ({}) };
    private listeners: Array<() => void> = [];
    constructor(
      container: Element,
      public options: { modules: { toolbar: { handlers: Record<string, () => void> } } },
    ) {
      container.appendChild(this.root);
      FakeQuill.last = this;
    }
    on(_event: string, listener: () => void) {
      this.listeners.push(listener);
    }
    getModule() {
      return undefined;
    }
    getLength() {
      return (this.root.textContent ?? '').length + 1;
    }
    getSemanticHTML() {
      return this.root.innerHTML;
    }
    getSelection() {
      return null;
    }
    setContents() {}
    insertEmbed(_index: number, _type: string, src: string) {
      const img = document.createElement('img');
      img.src = src;
      this.root.appendChild(img);
      this.listeners.forEach((listener) => listener());
    }
  }
  return { __esModule: true, default: FakeQuill };
});

/** What the tests reach of the stand-in: the editor made last. */
type QuillStandIn = {
  default: {
    last: {
      options: { modules: { toolbar: { handlers: Record<string, () => void> } } };
      insertEmbed(index: number, type: string, src: string): void;
    };
  };
};

afterEach(restoreCanvas);

it('registers its image format: pictures from other sites are fetched with no referrer', async () => {
  const { default: FakeQuill } = jest.requireMock<{
    default: { registered: Array<{ create(value: string): HTMLElement }> };
  }>('quill');
  expect(FakeQuill.registered).toHaveLength(1);
  expect(FakeQuill.registered[0].create('https://pelacak.example/foto.png').getAttribute('referrerpolicy')).toBe(
    'no-referrer',
  );
});

const phonePhoto = (bytes: number) => new File([new Uint8Array(bytes)], 'IMG_0001.jpg', { type: 'image/jpeg' });

it('shrinks a phone photo put in the material and inserts it', async () => {
  const drawImage = mockCanvas({ width: 3000, height: 4000 }, 300_000);
  const onChange = jest.fn();
  render(<RichEditor initialValue="" onChange={onChange} label="Content" />);
  // The toolbar's picture button opens this file input instead of Quill's own (which sends photos as they are).
  const input = screen.getByLabelText('Picture for the content');
  const click = jest.spyOn(input, 'click').mockImplementation(() => {});
  const { default: Quill } = jest.requireMock<QuillStandIn>('quill');
  Quill.last.options.modules.toolbar.handlers.image();
  expect(click).toHaveBeenCalled();
  fireEvent.change(input, { target: { files: [phonePhoto(3_500_000)] } });
  await waitFor(() =>
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/<img src="data:image\/webp;base64,/)),
  );
  expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1200, 1600);
});

it('says under the editor, with the limit, when a picture is still too large', async () => {
  mockCanvas({ width: 1600, height: 1200 }, 2_100_000);
  const onChange = jest.fn();
  render(<RichEditor initialValue="" onChange={onChange} label="Content" />);
  fireEvent.change(screen.getByLabelText('Picture for the content'), { target: { files: [phonePhoto(2_100_000)] } });
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This picture is still 2.1 MB after shrinking it to 1600 px; pictures can be at most 1.5 MB.',
  );
  expect(onChange).not.toHaveBeenCalled();
});

it('reports an edit to the onChange of the latest render, with one editor throughout', () => {
  const first = jest.fn();
  const latest = jest.fn();
  const { rerender } = render(<RichEditor initialValue="" onChange={first} label="Content" />);
  const { default: Quill } = jest.requireMock<QuillStandIn>('quill');
  const editor = Quill.last;
  rerender(<RichEditor initialValue="" onChange={latest} label="Content" />);
  expect(Quill.last).toBe(editor); // a new onChange does not rebuild the editor (the text as typed stays)
  editor.insertEmbed(0, 'image', 'data:image/webp;base64,AAAA');
  expect(latest).toHaveBeenCalledWith(expect.stringContaining('<img src="data:image/webp;base64,AAAA"'));
  expect(first).not.toHaveBeenCalled();
});
