// jsdom as Jest's test environment, plus the fetch family that Node has and jsdom leaves out (Request, Response,
// Headers, the web streams, BroadcastChannel). Mock Service Worker (jest/msw-server.ts) builds its requests and
// replies from them even when the code under test talks through XMLHttpRequest (axios), as in a browser.
// The same idea as msw's own jest-fixed-jsdom, kept to what msw needs: Blob, FormData and URL stay jsdom's, so a
// file read or an upload in a test behaves as in jsdom before.
const { TestEnvironment: JSDOMEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoderStream',
  'TextDecoderStream',
  'TextEncoder',
  'TextDecoder',
  'BroadcastChannel',
];

class JSDOMWithFetchEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JSDOMWithFetchEnvironment;
