import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  MUI_DIALOG_COMPONENTS,
  MUI_FORM_COMPONENTS,
  MUI_FORMS_SHARED_PARTS,
  MUI_OUTSIDE_FRAME_COMPONENTS,
} from '../webpack/federation';

// What the signed-in frame and the dashboards load before their first paint: the modules reached by static imports
// (a dynamic import() loads later). They must not reach MUI's form or dialog components (the 'mui-forms' and
// 'mui-dialogs' chunks), @mui/x-charts, nor the shared-ui index (one shared module carrying every shared-ui component): see webpack/federation.ts.
const root = path.join(__dirname, '..');
const SHARED_UI_DEEP = '@kelasku/shared-ui/src/';

function resolveFile(base: string): string | undefined {
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((file) => existsSync(file) && !file.endsWith('/'));
}

/** The file an import names, when it is one of ours ('./x', '@kelasku/shared-ui/src/x', the shared-ui index). */
function ourFile(from: string, request: string): string | undefined {
  if (request.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), request));
  if (request.startsWith(SHARED_UI_DEEP))
    return resolveFile(path.join(root, 'shared-ui/src', request.slice(SHARED_UI_DEEP.length)));
  if (request === '@kelasku/shared-ui') return path.join(root, 'shared-ui/src/index.ts');
  return undefined;
}

/** Every module request reached from `entry` by value imports and re-exports ('import type' is erased). */
function staticRequests(entry: string): Set<string> {
  const requests = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const request = match[1];
      requests.add(request);
      const next = ourFile(file, request);
      if (next) visit(next);
    }
  };
  visit(path.join(root, entry));
  return requests;
}

// The admin's account lists: their dialogs and the filter's menu load on first use, the rows' hints once the list shows.
const ACCOUNT_LISTS = [
  'admin-app/src/features/accounts/components/ManageStudents.tsx',
  'admin-app/src/features/accounts/components/ManageTeachers.tsx',
];
const FIRST_SCREENS = [
  'shell/src/app/SignedInApp.tsx',
  'admin-app/src/App.tsx',
  'admin-app/src/features/dashboard/components/DashboardAdmin.tsx',
  'teacher-app/src/App.tsx',
  'teacher-app/src/features/dashboard/components/DashboardTeacher.tsx',
  // The teacher's subjects list: its menus, the delete dialog and the class tabs (several classes in a grade) load
  // when needed.
  'teacher-app/src/features/materials/components/ManageSubjects.tsx',
  'student-app/src/App.tsx',
  'student-app/src/features/dashboard/components/DashboardStudent.tsx',
  // The exam page: its options are native radio buttons, the essay box and the dialogs load after question 1.
  'student-app/src/features/answering/components/ExamPage.tsx',
  'student-app/src/features/classes/components/MyClassesPage.tsx',
  ...ACCOUNT_LISTS,
];
const formComponent = new RegExp(`^@mui/material/(${[...MUI_FORM_COMPONENTS, ...MUI_DIALOG_COMPONENTS].join('|')})$`);

it.each(FIRST_SCREENS)(
  '%s reaches no MUI form or dialog component, no @mui/x-charts and not the shared-ui index',
  (entry) => {
    const requests = [...staticRequests(entry)];
    expect(requests.some((r) => r.startsWith('@mui/material/'))).toBe(true); // the scan does see MUI imports
    // The dashboards' charts (@mui/x-charts) come in their own chunk, once the statistics arrived.
    expect(
      requests.filter((r) => formComponent.test(r) || r === '@kelasku/shared-ui' || r.startsWith('@mui/x-charts')),
    ).toEqual([]);
  },
);

// MUI's tooltip is four files (the tooltip, its popper, Popper.js and the Grow transition) for a hint on hover.
it.each(ACCOUNT_LISTS)('%s reaches no MUI tooltip: the rows take their hints after the list shows', (entry) => {
  expect([...staticRequests(entry)].filter((r) => /^@mui\/material\/(Tooltip|Popper|Grow)$/.test(r))).toEqual([]);
});

// Opened, an account dialog loads what it shows, not the shared-ui index (every shared-ui component and their MUI).
it.each(['AccountFormDialog', 'ActivationDialog', 'DeleteAccountDialog', 'PasswordDialog', 'ImportStudentsDialog'])(
  'the account dialog %s reaches not the shared-ui index',
  (dialog) => {
    expect([...staticRequests(`admin-app/src/features/accounts/components/${dialog}.tsx`)]).not.toContain(
      '@kelasku/shared-ui',
    );
  },
);

it.each(FIRST_SCREENS)('%s reaches no KaTeX: formulas load only where one is shown', (entry) => {
  expect(
    [...staticRequests(entry)].filter((r) => r === 'katex' || r.startsWith('katex/') || r.endsWith('/katex-render')),
  ).toEqual([]);
});

it('sees KaTeX behind a static import (the check can fail)', () => {
  expect([...staticRequests('shared-ui/src/formula/katex-render.ts')]).toEqual(
    expect.arrayContaining(['katex', 'katex/dist/katex.min.css']),
  );
});

it('sees @mui/x-charts behind a static import (the check can fail)', () => {
  expect([...staticRequests('admin-app/src/features/dashboard/components/StatsBarChart.tsx')]).toContain(
    '@mui/x-charts/BarChart',
  );
});

it('sees a form component behind a static import (the check can fail)', () => {
  expect([...staticRequests('shell/src/app/SignInDialog.tsx')]).toContain('@mui/material/TextField');
});

// Most teachers teach one class per grade: their subjects list shows no class tabs, and loads no MUI tabs.
it("the teacher's subjects list reaches MUI's tabs only through its class picker's dynamic import", () => {
  const subjectsList = [...staticRequests('teacher-app/src/features/materials/components/ManageSubjects.tsx')];
  expect(subjectsList.filter((r) => /^@mui\/material\/Tabs?$/.test(r))).toEqual([]);
  expect([...staticRequests('teacher-app/src/components/ClassTabs.tsx')]).toContain('@mui/material/Tabs');
});

// The signed-in frame around every screen: the shell's (theme, loading and error states) and each remote's (the role
// layout). Its MUI, and what those components are made of, is the shell's 'mui' chunk, which every signed-in screen loads.
const FRAME = ['shell/src/app/SignedInApp.tsx', 'shared-ui/src/RemoteRoot.tsx'];
const MUI_DIR = path.join(root, 'node_modules/@mui/material');

const muiComponentsOf = (entry: string) =>
  [...staticRequests(entry)].filter((r) => r.startsWith('@mui/material/')).map((r) => r.slice('@mui/material/'.length));

/**
 * The styles barrel's high-contrast helper imports every component's class names, but no app reaches it: the apps
 * share a slim re-export of the barrel (webpack/mui-styles-slim.ts), so only what that names is built.
 */
const UNREACHED_MUI_FILES = new Set(['styles/enhanceHighContrast.mjs']);

/**
 * The MUI folders these components are made of, themselves included (Drawer: Modal, Slide, Paper…); not the class
 * names and form-control context other components' files import, which 'mui' keeps whatever their component.
 */
function muiClosure(components: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (component: string) => {
    if (found.has(component) || !existsSync(path.join(MUI_DIR, component))) return;
    found.add(component);
    const files = readdirSync(path.join(MUI_DIR, component)).filter(
      (f) => f.endsWith('.mjs') && !UNREACHED_MUI_FILES.has(`${component}/${f}`),
    );
    for (const file of files)
      for (const [, folder, part] of readFileSync(path.join(MUI_DIR, component, file), 'utf8').matchAll(
        /from "\.\.\/(\w+)\/([\w.]+)"/g,
      ))
        if (!MUI_FORMS_SHARED_PARTS.test(`/${part}`)) visit(folder);
  };
  components.forEach(visit);
  return found;
}

// The first screens themselves (each remote's App reaches its dashboard statically, so not the Apps).
const SCREENS = FIRST_SCREENS.filter((entry) => !/\/(App|SignedInApp)\.tsx$/.test(entry));

// The role layout (app bar, sidebar, content area) is plain elements and a static style sheet: no emotion rules at run
// time, and none of its MUI in the chunk every signed-in screen loads. The phone's drawer (MUI's modal parts) is a
// dynamic import, loaded at its first open.
it('the role layout reaches no MUI module before its drawer opens', () => {
  const requests = [...staticRequests('shared-ui/src/RoleLayout.tsx')];
  expect(requests).toContain('./role-layout.css');
  expect(requests.filter((r) => r.startsWith('@mui/'))).toEqual([]);
});

it('sees MUI behind a static import of the phone drawer (the check can fail)', () => {
  expect([...staticRequests('shared-ui/src/PhoneDrawer.tsx')]).toContain('@mui/material/Drawer');
});

it("keeps in MUI's shared chunk the frame and what two or more first screens show, every other component outside it", () => {
  const frame = muiClosure(FRAME.flatMap(muiComponentsOf));
  expect([...frame]).toEqual(expect.arrayContaining(['Button', 'ButtonBase', 'CircularProgress']));
  // No first screen opens a drawer or a dialog: their modal parts wait in their own chunk.
  const firstScreens = muiClosure([...FRAME, ...SCREENS].flatMap(muiComponentsOf));
  expect(['Drawer', 'Modal', 'Backdrop', 'Slide'].filter((c) => firstScreens.has(c))).toEqual([]);
  expect(MUI_OUTSIDE_FRAME_COMPONENTS).toEqual(expect.arrayContaining(['Drawer', 'Modal', 'Backdrop', 'Slide']));
  // A frame component outside 'mui' would cost every signed-in screen one more request.
  expect([...frame].filter((c) => MUI_OUTSIDE_FRAME_COMPONENTS.includes(c))).toEqual([]);
  // One only one first screen shows, kept in 'mui', would cost every other screen its bytes.
  const shownBy = new Map<string, string[]>();
  for (const screen of SCREENS)
    for (const component of new Set(muiComponentsOf(screen)))
      if (!frame.has(component)) shownBy.set(component, [...(shownBy.get(component) ?? []), screen]);
  expect([...shownBy.keys()]).toEqual(expect.arrayContaining(['LinearProgress', 'Chip', 'InputBase']));
  expect(
    [...shownBy].filter(
      ([component, screens]) => screens.length < 2 && !MUI_OUTSIDE_FRAME_COMPONENTS.includes(component),
    ),
  ).toEqual([]);
});

/** Our source files under `dir`, tests left out. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

// A shared-ui module the shell provides (it imports it by its shared path), imported by a relative path inside
// shared-ui, is a second copy in every remote: bundled, and run beside the shell's (the i18n set-up, the theme…).
it('shared-ui imports the modules the shell provides by their shared paths', () => {
  const provided = new Set(
    sourcesUnder('shell/src').flatMap((file) =>
      [...staticRequests(path.relative(root, file))]
        .filter((r) => r.startsWith(SHARED_UI_DEEP))
        .map((r) => r.slice(SHARED_UI_DEEP.length)),
    ),
  );
  expect([...provided]).toEqual(expect.arrayContaining(['i18n', 'theme', 'states']));
  const relative = sourcesUnder('shared-ui/src')
    .filter((file) => !file.endsWith('/index.ts') && !file.endsWith('test-utils.tsx'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?\sfrom\s+'\.\/([\w-]+)'/gm)]
        .filter(([, module]) => provided.has(module))
        .map(([, module]) => `${path.relative(root, file)} → ./${module}`),
    );
  expect(relative).toEqual([]);
});

// @mui/system is not shared: a module of the shared-ui index reaching it would make every remote that imports the index
// build its own copy (the theme provider, its contexts: ~9 KB gzip), so the theme provider is imported by path.
it('the shared-ui index reaches no @mui/system', () => {
  expect([...staticRequests('shared-ui/src/index.ts')].filter((r) => r.startsWith('@mui/system'))).toEqual([]);
  expect([...staticRequests('shared-ui/src/theme-provider.tsx')]).toContain('@mui/system');
});
