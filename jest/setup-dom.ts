import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';
import { deserialize, serialize } from 'v8';

// react-router 7 needs these under jsdom.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The web packages' screens render slowly in jsdom on a shared 2-core machine: findBy* and each test get more time
// than the defaults (1 s and 5 s).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

// @mui/x-charts needs these, which jsdom lacks: structuredClone (from Node's serializer) and ResizeObserver. jsdom
// lays nothing out, so the stand-in never reports a size; a test that needs a drawn chart gives its element one.
Object.assign(globalThis, {
  structuredClone: globalThis.structuredClone ?? (<T>(value: T): T => deserialize(serialize(value)) as T),
  ResizeObserver:
    globalThis.ResizeObserver ??
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
});

// Blob#arrayBuffer, which every browser the build targets has and jsdom lacks (the picture checks read a file's header
// with it), read through jsdom's own FileReader.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob): Promise<ArrayBuffer> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('The blob could not be read.'));
      reader.readAsArrayBuffer(this);
    });
  };
}
