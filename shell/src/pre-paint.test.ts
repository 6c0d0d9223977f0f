import { getSignedInUser, type UserData } from '@kelasku/shared-api/src/session';
import { START_CHAIN_ELEMENT_ID, type StartChain } from '@kelasku/shared-rules/src/start-chain';
import { NO_PRERENDER_CLASS, PRE_PAINT_SCRIPT } from './pre-paint';
import { warmStartRole } from './routing';

const SHELL = ['/main.js', '/boot.0123abcd.js', '/signed-in.89abcdef.js'];
const chainOf = (role: string) => [
  ...SHELL,
  `/remotes/${role}/mf-manifest.json`,
  `/remotes/${role}/remoteEntry.js`,
  `/remotes/${role}/__federation_expose_App.12345678.js`,
];
const CHAIN: StartChain = {
  remotes: {
    admin: '/remotes/admin/mf-manifest.json',
    teacher: '/remotes/teacher/mf-manifest.json',
    student: '/remotes/student/mf-manifest.json',
  },
  files: { admin: chainOf('admin'), teacher: chainOf('teacher'), student: chainOf('student') },
};

const user = (role: string, exp = Date.now() / 1000 + 3600): UserData =>
  ({ user_id: 1, email: 'x@example.org', role, display_name: 'X', exp }) as UserData;

function signIn(account: UserData | null): void {
  localStorage.clear();
  if (!account) return;
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('userData', JSON.stringify(account));
}

/** index.html's head as the server sends it: the data element, then the pre-paint script, run as the browser would. */
function load(path: string, chainText: string | null = JSON.stringify(CHAIN)): void {
  window.history.replaceState(null, '', path);
  document.documentElement.className = '';
  document.head.innerHTML =
    chainText === null ? '' : `<script type="application/json" id="${START_CHAIN_ELEMENT_ID}">${chainText}</script>`;
  const script = document.createElement('script');
  script.textContent = PRE_PAINT_SCRIPT;
  document.head.appendChild(script);
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [
    link.getAttribute('as'),
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
  ]);
const hidesLogin = () => document.documentElement.classList.contains(NO_PRERENDER_CLASS);

afterEach(() => localStorage.clear());

it('preloads the signed-in role’s chain only: scripts as scripts, the manifest as fetch() reads it', () => {
  signIn(user('teacher'));
  load('/DashboardTeacher');
  expect(preloads()).toEqual([
    ['script', '/main.js', null],
    ['script', '/boot.0123abcd.js', null],
    ['script', '/signed-in.89abcdef.js', null],
    ['fetch', '/remotes/teacher/mf-manifest.json', 'anonymous'],
    ['script', '/remotes/teacher/remoteEntry.js', null],
    ['script', '/remotes/teacher/__federation_expose_App.12345678.js', null],
  ]);
  expect(hidesLogin()).toBe(true);
});

it('adds nothing for a signed-out visitor, and shows the prerendered login page on /', () => {
  signIn(null);
  load('/');
  expect(preloads()).toEqual([]);
  expect(hidesLogin()).toBe(false);
  load('/DashboardStudent');
  expect(preloads()).toEqual([]);
  expect(hidesLogin()).toBe(true);
});

it('picks the role the shell’s warm start picks, for every kind of stored session and path', () => {
  const cases: [string, UserData | null][] = [
    ['/', user('admin')],
    ['/DashboardAdmin', user('admin')],
    ['/MyExams', user('student')],
    ['/MyClasses/', user('teacher')],
    ['/DashboardStudent', user('user')], // an account without a screen of its own: the student app
    ['/DashboardStudent', user('student', Date.now() / 1000 - 60)], // expired: the login page, no chain
    ['/test', user('admin')], // the shell's developer pages need no remote
    ['/post/', user('teacher')],
    ['/', null],
  ];
  for (const [path, account] of cases) {
    signIn(account);
    load(path);
    const role = warmStartRole(path, getSignedInUser());
    const manifests = preloads().filter(([as]) => as === 'fetch');
    expect([path, account?.role, manifests]).toEqual([
      path,
      account?.role,
      role ? [['fetch', `/remotes/${role}/mf-manifest.json`, 'anonymous']] : [],
    ]);
  }
});

it('still gates the login page when the page has no chain (no /remotes.json on the server, an older server)', () => {
  signIn(user('student'));
  for (const text of ['', 'not json', null]) {
    load('/', text);
    expect(preloads()).toEqual([]);
    expect(hidesLogin()).toBe(true);
  }
});
