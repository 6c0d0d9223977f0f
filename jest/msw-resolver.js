// Jest's resolver, except for Mock Service Worker: jsdom resolves packages as a browser would (the 'browser' export
// condition), where `msw/node` and @mswjs/interceptors' Node interceptors are deliberately absent. The tests run in
// Node, so those packages are resolved as Node packages; every other package keeps the browser build it had.
const MSW = /^(msw|@mswjs\/interceptors)(\/|$)/;

module.exports = (path, options) =>
  options.defaultResolver(path, MSW.test(path) ? { ...options, conditions: ['node', 'require', 'default'] } : options);
