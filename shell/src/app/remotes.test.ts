import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { freshEntryAfterFailure, loadRoleApp } from './remotes';
import { START_CHAIN_ELEMENT_ID } from '@kelasku/shared-rules/src/start-chain';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerRemotesMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const StudentApp = () => null;
const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => ({
    ok: true,
    status: 200,
    json: async () => ({ student: '/remotes/student/mf-manifest.json' }),
  }));
  global.fetch = fetchMock;
  loadRemoteMock.mockReset();
  registerRemotesMock.mockReset();
});

it('shares one load between the early start and the screen', async () => {
  let finish!: (mod: { default: typeof StudentApp }) => void;
  loadRemoteMock.mockReturnValueOnce(
    new Promise((resolve) => {
      finish = resolve;
    }),
  );
  const early = loadRoleApp('student');
  const screen = loadRoleApp('student');
  await new Promise((resolve) => setTimeout(resolve, 0));
  finish({ default: StudentApp });
  await expect(early).resolves.toBe(StudentApp);
  await expect(screen).resolves.toBe(StudentApp);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  expect(registerRemotesMock.mock.calls[0][0]).toEqual([
    { name: 'student', entry: 'http://localhost/remotes/student/mf-manifest.json' },
  ]);
});

it('forgets a failed load, so Retry registers the remote afresh and loads again', async () => {
  loadRemoteMock.mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce({ default: StudentApp });
  // A new role each test: loads that succeeded are kept for the page's life.
  await expect(loadRoleApp('teacher')).rejects.toThrow('/remotes.json has no entry for "teacher"');
  fetchMock.mockImplementation(async () => ({
    ok: true,
    status: 200,
    json: async () => ({ teacher: '/remotes/teacher/mf-manifest.json' }),
  }));
  await expect(loadRoleApp('teacher')).rejects.toThrow('ChunkLoadError');
  await expect(loadRoleApp('teacher')).resolves.toBe(StudentApp);
  expect(loadRemoteMock).toHaveBeenCalledTimes(2);
  expect(fetchMock).toHaveBeenCalledTimes(3); // each attempt reads /remotes.json again: the remote may have moved
  expect(registerRemotesMock.mock.calls.map((call) => call[1])).toEqual([{ force: false }, { force: true }]);
});

it('takes the role’s entry from the page’s start chain, without asking for /remotes.json; a retry asks afresh, for remoteEntry.js too', async () => {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = START_CHAIN_ELEMENT_ID;
  data.textContent = JSON.stringify({ remotes: { admin: '/remotes/admin-v2/mf-manifest.json' }, files: {} });
  document.head.appendChild(data);
  try {
    loadRemoteMock.mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce({ default: StudentApp });
    const entry = 'http://localhost/remotes/admin-v2/remoteEntry.js';
    const scriptFor = (url: string) =>
      (freshEntryAfterFailure.createScript as (args: { url: string; remoteInfo: object }) => unknown)({
        url,
        remoteInfo: { name: 'admin', entry },
      }) as HTMLScriptElement | undefined;
    expect(scriptFor(entry)).toBeUndefined(); // the page's preload of it serves
    await expect(loadRoleApp('admin')).rejects.toThrow('ChunkLoadError');
    expect(fetchMock).not.toHaveBeenCalled();
    // Retry asks the network for the entry: a preload made before the failure would answer with the failure again.
    expect(scriptFor(entry)?.src).toMatch(/^http:\/\/localhost\/remotes\/admin-v2\/remoteEntry\.js\?retry=\d+$/);
    expect(scriptFor('http://localhost/remotes/admin-v2/App.12345678.js')).toBeUndefined();
    expect(registerRemotesMock.mock.calls[0][0]).toEqual([
      { name: 'admin', entry: 'http://localhost/remotes/admin-v2/mf-manifest.json' },
    ]);
    // The remote may have moved since the page was sent: Retry reads /remotes.json.
    fetchMock.mockImplementation(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ admin: '/remotes/admin/mf-manifest.json' }),
    }));
    await expect(loadRoleApp('admin')).resolves.toBe(StudentApp);
    expect(scriptFor(entry)).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(registerRemotesMock.mock.calls[1][0]).toEqual([
      { name: 'admin', entry: 'http://localhost/remotes/admin/mf-manifest.json' },
    ]);
  } finally {
    data.remove();
  }
});
