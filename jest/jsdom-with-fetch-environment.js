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
    // A page's fetch resolves a relative URL (`/api/v1/classes`, what shared-api's client sends) against the page;
    // Node's has no page and refuses it.
    const page = this.global;
    const onPage = (input) => (typeof input === 'string' ? new URL(input, page.location.href).href : input);
    this.global.Request = class Request extends globalThis.Request {
      constructor(input, init) {
        super(onPage(input), init);
      }
    };
    this.global.fetch = (input, init) => globalThis.fetch(onPage(input), init);
  }
}

module.exports = JSDOMWithFetchEnvironment;
