import { remoteFilesOf } from './remote-files';
import { FETCHED_FILE } from './start-chain';

const MANIFEST_URL = 'http://localhost/remotes/student/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'App', assets: { js: { sync: ['__federation_expose_App.b09.js'], async: ['6929.113.js'] } } }],
  shared: [
    { name: '@tanstack/react-query', assets: { js: { sync: ['remote-frame.1234abcd.js'] } } },
    { name: 'react', assets: { js: { sync: ['boot.99.js'] } } },
  ],
};

it('lists remoteEntry.js and the App’s own files, beside the manifest or under its public path', () => {
  expect(remoteFilesOf(MANIFEST_URL, manifest)).toEqual([
    'http://localhost/remotes/student/remoteEntry.js',
    'http://localhost/remotes/student/__federation_expose_App.b09.js',
  ]);
  const onCdn = {
    ...manifest,
    metaData: { publicPath: 'https://cdn.example/student/', remoteEntry: { name: 'remoteEntry.js', path: 'entry/' } },
  };
  expect(remoteFilesOf(MANIFEST_URL, onCdn)).toEqual([
    'https://cdn.example/student/entry/remoteEntry.js',
    'https://cdn.example/student/__federation_expose_App.b09.js',
  ]);
});

it('adds the files of the shared modules the remote provides itself, and keeps a relative manifest’s paths relative', () => {
  expect(remoteFilesOf('/remotes/student/mf-manifest.json', manifest, ['@tanstack/react-query'])).toEqual([
    '/remotes/student/remoteEntry.js',
    '/remotes/student/__federation_expose_App.b09.js',
    '/remotes/student/remote-frame.1234abcd.js',
  ]);
});

it('tells the manifest (fetched) from scripts', () => {
  expect(
    ['/remotes/a/mf-manifest.json', 'https://cdn/x/mf-manifest.json?v=2', '/main.js'].map((url) =>
      FETCHED_FILE.test(url),
    ),
  ).toEqual([true, true, false]);
});
