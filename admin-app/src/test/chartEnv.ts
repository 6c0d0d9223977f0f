// x-charts needs browser APIs that jsdom lacks. Import this first in tests that render charts.
import { deserialize, serialize } from 'v8';

if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
}

if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom does no layout, so every element measures 0×0 and x-charts draws nothing. Report a 600×300 box
// for elements without a size in px (x-charts sizes itself from getComputedStyle).
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((el: Element, pseudo?: string | null) => {
  const style = realGetComputedStyle(el, pseudo);
  return new Proxy(style, {
    get(target, prop) {
      if (prop === 'width' && !target.width.endsWith('px')) return '600px';
      if (prop === 'height' && !target.height.endsWith('px')) return '300px';
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}) as typeof window.getComputedStyle;
