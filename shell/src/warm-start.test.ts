import { afterFirstPaint } from './warm-start';

/** A stand-in for the browser's paint observer (jsdom reports no paints): `paint()` delivers the entries. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static current: FakePaintObserver | null = null;
  disconnected = false;
  constructor(private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

const original = globalThis.PerformanceObserver;
afterEach(() => Object.assign(globalThis, { PerformanceObserver: original }));

it('waits for the first contentful paint before starting the remote’s downloads', () => {
  Object.assign(globalThis, { PerformanceObserver: FakePaintObserver });
  const start = jest.fn();
  afterFirstPaint(start);
  FakePaintObserver.current!.paint('first-paint');
  expect(start).not.toHaveBeenCalled();
  FakePaintObserver.current!.paint('first-contentful-paint');
  expect(start).toHaveBeenCalledTimes(1);
  expect(FakePaintObserver.current!.disconnected).toBe(true);
});

it('starts at once where the browser does not report paints', () => {
  class ResourcesOnly {
    static supportedEntryTypes: string[] = ['resource'];
  }
  Object.assign(globalThis, { PerformanceObserver: ResourcesOnly });
  const start = jest.fn();
  afterFirstPaint(start);
  expect(start).toHaveBeenCalledTimes(1);
});
