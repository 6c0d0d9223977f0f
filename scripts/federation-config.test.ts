import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { Module } from 'webpack';
import { appConfig, packageOf, PROVIDE_RUNTIME_CORE_PLUGIN, remoteConfig, sharedConfig } from '../webpack/federation';

// How the apps share MUI (webpack/federation.ts): per component, the shell's copy winning, in one chunk of the shell.
const root = path.join(__dirname, '..');
const config = (name: string, dir: string) => appConfig({ name, dir: path.join(root, dir), mode: 'production' });
const federationOptions = (name: string, dir: string) => {
  const plugin = config(name, dir).plugins?.find(
    (p) => p?.constructor.name === 'ModuleFederationPlugin',
  ) as unknown as { _options: Record<string, unknown> };
  return plugin._options;
};
const muiChunkTest = (name: string, dir: string, cacheGroup = 'mui') => {
  const splitChunks = config(name, dir).optimization?.splitChunks;
  const group = splitChunks
    ? (splitChunks.cacheGroups?.[cacheGroup] as { test: (m: Module) => boolean } | undefined)
    : undefined;
  return group && ((file: string) => group.test({ nameForCondition: () => file } as unknown as Module));
};
const inMui = (file: string) => `${root}/node_modules/@mui/${file}`;

it('shares MUI per component, never the barrel', () => {
  const shared = sharedConfig(path.join(root, 'teacher-app'));
  expect(shared['@mui/material/']).toMatchObject({ singleton: true });
  expect(shared['@mui/material']).toBeUndefined();
});

it('lets what the shell provides win over a remote copy of the same version', () => {
  expect(federationOptions('shell', 'shell').shareStrategy).toBe('loaded-first');
  expect(federationOptions('student', 'student-app').shareStrategy).toBe('loaded-first');
});

it("puts the shell's MUI in one chunk, except the components outside the frame; remotes keep webpack's default", () => {
  const test = muiChunkTest('shell', 'shell');
  expect(test).toBeDefined();
  expect(test?.(inMui('material/Button/Button.mjs'))).toBe(true);
  expect(test?.(inMui('system/createStyled/createStyled.mjs'))).toBe(true);
  expect(test?.(`${root}/node_modules/@emotion/styled/dist/emotion-styled.browser.esm.js`)).toBe(true);
  expect(test?.(inMui('material/Table/Table.mjs'))).toBe(false);
  expect(test?.(inMui('material/TableRow/TableRow.mjs'))).toBe(false);
  expect(test?.(inMui('x-charts/BarChart/BarChart.mjs'))).toBe(false);
  expect(test?.(`${root}/node_modules/react-dom/index.js`)).toBe(false);
  expect(muiChunkTest('admin', 'admin-app')).toBeUndefined();
});

it('puts the form and pop-up components in a chunk of their own, so a dashboard does not load them', () => {
  const mui = muiChunkTest('shell', 'shell');
  const forms = muiChunkTest('shell', 'shell', 'muiForms');
  for (const file of [
    'material/TextField/TextField.mjs',
    'material/Select/Select.mjs',
    'material/Menu/Menu.mjs',
    'material/Popover/Popover.mjs',
    'material/Autocomplete/Autocomplete.mjs',
    'material/internal/SwitchBase.mjs',
    // A component's class names go with it.
    'material/Checkbox/checkboxClasses.mjs',
    'material/Select/selectClasses.mjs',
  ]) {
    expect([file, forms?.(inMui(file))]).toEqual([file, true]);
    expect([file, mui?.(inMui(file))]).toEqual([file, false]);
  }
  // What the first screens show stays in 'mui': their lists. So do the class names MenuItem (a form component) styles
  // its children by, and the form control's context InputBase reads.
  for (const file of [
    'material/List/List.mjs',
    'material/Divider/dividerClasses.mjs',
    'material/ListItemIcon/listItemIconClasses.mjs',
    'material/FormControl/FormControlContext.mjs',
    'material/FormControl/useFormControl.mjs',
    'material/FormControl/formControlState.mjs',
  ]) {
    expect([file, forms?.(inMui(file))]).toEqual([file, false]);
    expect([file, mui?.(inMui(file))]).toEqual([file, true]);
  }
});

it("keeps outside 'mui' what one first screen shows (a chunk per set shown together) or none does (a chunk per family)", () => {
  const mui = muiChunkTest('shell', 'shell');
  const forms = muiChunkTest('shell', 'shell', 'muiForms');
  const outside = muiChunkTest('shell', 'shell', 'muiOutsideFrame');
  const splitChunks = config('shell', 'shell').optimization?.splitChunks;
  const group = (splitChunks ? splitChunks.cacheGroups?.muiOutsideFrame : undefined) as
    { name: (m: Module) => string } | undefined;
  const chunkOf = (file: string) => group?.name({ nameForCondition: () => inMui(file) } as unknown as Module);
  // The admin dashboard's search field (and every text field's base), the student dashboard's to-do list and
  // progress bar, My Classes' cards, the tables: each screen loads only those it shows.
  for (const [file, chunk] of [
    ['material/InputBase/InputBase.mjs', 'mui-input'],
    ['material/TextareaAutosize/TextareaAutosize.mjs', 'mui-input'],
    ['material/LinearProgress/LinearProgress.mjs', 'mui-todo'],
    ['material/ListSubheader/ListSubheader.mjs', 'mui-todo'],
    ['material/ListItemButton/ListItemButton.mjs', 'mui-todo'],
    ['material/CardActionArea/CardActionArea.mjs', 'mui-cards'],
    ['material/Table/Table.mjs', 'mui-tables'],
    ['material/TableRow/TableRow.mjs', 'mui-tables'],
    ['material/Tooltip/Tooltip.mjs', 'mui-Tooltip'],
    // The phone drawer's and the exam page's question list's modal parts: loaded at their first open, in the
    // dialogs' file (the dialogs are made of them too).
    ['material/Drawer/Drawer.mjs', 'mui-dialogs'],
    ['material/Modal/Modal.mjs', 'mui-dialogs'],
    ['material/Backdrop/Backdrop.mjs', 'mui-dialogs'],
    ['material/Slide/Slide.mjs', 'mui-dialogs'],
    ['material/Unstable_TrapFocus/FocusTrap.mjs', 'mui-dialogs'],
    // A component's class names go with it: no theme helper in 'mui' imports them any more (UNSHARED_MUI_PATHS).
    ['material/Table/tableClasses.mjs', 'mui-tables'],
    ['material/InputBase/inputBaseClasses.mjs', 'mui-input'],
  ]) {
    expect([file, outside?.(inMui(file)), mui?.(inMui(file)), forms?.(inMui(file)), chunkOf(file)]).toEqual([
      file,
      true,
      false,
      false,
      chunk,
    ]);
  }
  // What several first screens show stays in 'mui', and so do the class names ListItem styles its button by.
  for (const file of [
    'material/Alert/Alert.mjs',
    'material/Chip/Chip.mjs',
    'material/ListItem/ListItem.mjs',
    'material/ListItemButton/listItemButtonClasses.mjs',
    // The popper's (tooltips, the charts' pop-ups) as much as the modal's: not worth a request of its own.
    'material/Portal/Portal.mjs',
  ]) {
    expect([file, outside?.(inMui(file)), mui?.(inMui(file))]).toEqual([file, false, true]);
  }
});

it('puts the dialogs in a chunk of their own: no dashboard opens one on arrival', () => {
  const mui = muiChunkTest('shell', 'shell');
  const dialogs = muiChunkTest('shell', 'shell', 'muiDialogs');
  for (const file of [
    'material/Dialog/Dialog.mjs',
    'material/DialogTitle/DialogTitle.mjs',
    'material/DialogActions/DialogActions.mjs',
  ]) {
    expect([file, dialogs?.(inMui(file)), mui?.(inMui(file))]).toEqual([file, true, false]);
  }
  // The Modal under them is the drawers' too: placed by the drawers' cache group in the file of the same name
  // ('mui-dialogs'), not in 'mui'.
  expect([dialogs?.(inMui('material/Modal/Modal.mjs')), mui?.(inMui('material/Modal/Modal.mjs'))]).toEqual([
    false,
    false,
  ]);
});

it('puts what the login page runs on in one chunk, not one file per shared package', () => {
  const boot = muiChunkTest('shell', 'shell', 'boot');
  const inModules = (file: string) => `${root}/node_modules/${file}`;
  for (const file of [
    'react/index.js',
    'react-dom/cjs/react-dom-client.production.js',
    'scheduler/index.js',
    'i18next/dist/esm/i18next.js',
    '@tanstack/react-query/build/modern/useMutation.js',
    '@tanstack/query-core/build/modern/queryClient.js',
  ]) {
    expect([file, boot?.(inModules(file))]).toEqual([file, true]);
  }
  for (const file of [
    'react-is/index.js',
    'react-router/dist/production/index.mjs',
    '@mui/material/Button/Button.mjs',
    'ky/distribution/index.js',
  ]) {
    expect([file, boot?.(inModules(file))]).toEqual([file, false]);
  }
  expect(muiChunkTest('student', 'student-app', 'boot')).toBeUndefined(); // a remote takes these from the shell
});

it("puts the i18n set-up's backend plugin and lazy locale maps in 'boot', not a copy in every chunk needing them", () => {
  const splitChunks = config('shell', 'shell').optimization?.splitChunks;
  const boot = (splitChunks ? splitChunks.cacheGroups?.boot : undefined) as { test: (m: Module) => boolean };
  const contextModule = (folder: string) =>
    ({
      nameForCondition: () => null,
      type: 'javascript/dynamic',
      context: path.join(root, folder),
    }) as unknown as Module;
  expect(boot.test(contextModule('shared-ui/src/locales'))).toBe(true);
  expect(boot.test(contextModule('shared-ui/src/locales/errors'))).toBe(true);
  expect(boot.test(contextModule('teacher-app/src/locales'))).toBe(false);
  expect(
    muiChunkTest('shell', 'shell', 'boot')?.(`${root}/node_modules/i18next-resources-to-backend/dist/esm/index.js`),
  ).toBe(true);
});

it("puts in 'frame' what only its shared modules import, not a small file of its own per shared module", () => {
  const frame = muiChunkTest('shell', 'shell', 'frame');
  for (const file of [
    'node_modules/ky/distribution/index.js',
    'node_modules/@mui/icons-material/ArrowBack.mjs',
    'shared-api/src/device-id.ts',
    'shared-rules/src/index.ts',
    'shared-rules/src/error-codes.ts',
    'shared-rules/src/text-bytes.ts',
    // the device header and the WIB clock, which the API client imports past the shared rules' index
    'shared-rules/src/exam-monitor.ts',
    'shared-rules/src/wib.ts',
  ]) {
    expect([file, frame?.(`${root}/${file}`)]).toEqual([file, true]);
  }
  // What the login page runs on stays out of it (it reaches MUI).
  for (const file of [
    'shared-rules/src/languages.ts',
    'shared-rules/src/usable-mark.ts',
    'shared-api/src/session.ts',
    'node_modules/@mui/icons-material/Search.mjs',
  ]) {
    expect([file, frame?.(`${root}/${file}`)]).toEqual([file, false]);
  }
});

it("puts in a remote's 'remote-frame' the small modules most of its first screens run on, one file for all", () => {
  for (const [name, dir] of [
    ['admin', 'admin-app'],
    ['student', 'student-app'],
  ]) {
    const frame = muiChunkTest(name, dir, 'frame');
    for (const file of [
      'shared-ui/src/RoleLayout.tsx',
      'shared-ui/src/PageTitle.tsx',
      'shared-ui/src/dates.ts',
      'shared-ui/src/numbers.ts',
      // the paged lists' page (the admin's accounts, the teacher's subjects, the student's classes): 0.3 KB
      'shared-ui/src/usePageParam.ts',
      // and their page buttons (MUI's frame components only): 0.8 KB
      'shared-ui/src/Pagination.tsx',
      // the lazy dialogs' and menus' mount from their first open (the admin's lists, the teacher's menus)
      'shared-ui/src/FromFirstOpen.tsx',
      'shared-api/src/session.ts',
      'shared-api/src/sealed-answers.ts',
      'node_modules/jwt-decode/build/esm/index.js',
      'shared-rules/src/usable-mark.ts',
      // what the session and the sealed answers run on: a 0.2 KB file of its own on every screen otherwise
      'shared-rules/src/roles.ts',
      'shared-rules/src/sealed-envelope.ts',
      'shared-rules/src/wib.ts',
      'node_modules/@mui/icons-material/ChevronLeft.mjs',
    ]) {
      expect([name, file, frame?.(`${root}/${file}`)]).toEqual([name, file, true]);
    }
    // Not what the shell provides (the remote takes the shell's), nor what only some screens need, nor the shared
    // rules' index (taken apart from what it re-exports, each part became a file of its own).
    for (const file of [
      'shared-ui/src/states.tsx',
      // the search box's InputBase would bring MUI's input chunk to every screen
      'shared-ui/src/SearchBox.tsx',
      'shared-rules/src/index.ts',
      'shared-ui/src/ConfirmDialog.tsx',
      'shared-api/src/csv.ts',
      'shared-rules/src/student-import.ts',
    ]) {
      expect([name, file, frame?.(`${root}/${file}`)]).toEqual([name, file, false]);
    }
  }
});

it("puts the shell's and shared-ui's messages of one language in one file, not the error messages", () => {
  const splitChunks = config('shell', 'shell').optimization?.splitChunks;
  const messages = (splitChunks ? splitChunks.cacheGroups?.messages : undefined) as
    { test: (m: Module) => boolean; name: (m: Module) => string } | undefined;
  const module = (file: string) => ({ nameForCondition: () => `${root}/${file}` }) as unknown as Module;
  const chunkOf = (file: string) => (messages?.test(module(file)) ? messages.name(module(file)) : undefined);
  expect(
    ['shell/src/locales/en.json', 'shared-ui/src/locales/en.json', 'shell/src/locales/id.json'].map(chunkOf),
  ).toEqual(['messages-en', 'messages-en', 'messages-id']);
  expect(['shared-ui/src/locales/errors/id.json', 'teacher-app/src/locales/en.json'].map(chunkOf)).toEqual([
    undefined,
    undefined,
  ]);
});

it('shares shared-ui one module at a time besides its index', () => {
  const shared = sharedConfig(path.join(root, 'admin-app'));
  expect(shared['@kelasku/shared-ui/src/']).toMatchObject({ singleton: true, requiredVersion: false });
  expect(shared['@kelasku/shared-ui']).toMatchObject({ singleton: true });
  expect(packageOf('@mui/material/')).toBe('@mui/material');
  expect(packageOf('react-dom/')).toBe('react-dom');
  expect(packageOf('@kelasku/shared-ui/src/')).toBe('@kelasku/shared-ui');
});

it('shares the data layer from the shell, which signs in through it: one TanStack Query on the page', () => {
  for (const app of ['shell', 'student-app']) {
    expect(sharedConfig(path.join(root, app))['@tanstack/react-query']).toMatchObject({ singleton: true });
  }
  expect(federationOptions('shell', 'shell').shared).toHaveProperty('@tanstack/react-query');
});

describe('one Module Federation runtime per page', () => {
  const remoteFederation = (mode: 'production' | 'development') => {
    const plugin = remoteConfig('teacher', path.join(root, 'teacher-app'), 3102, mode).plugins?.find(
      (p) => p?.constructor.name === 'ModuleFederationPlugin',
    ) as unknown as { _options: Record<string, unknown> };
    return plugin._options;
  };

  it("the shell puts its runtime-core on the global, with the plugin's ESM file (the CommonJS one would add a second runtime-core)", () => {
    expect(federationOptions('shell', 'shell').runtimePlugins).toEqual([PROVIDE_RUNTIME_CORE_PLUGIN]);
    expect(PROVIDE_RUNTIME_CORE_PLUGIN).toMatch(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.js$/);
    expect(existsSync(PROVIDE_RUNTIME_CORE_PLUGIN)).toBe(true);
    expect(federationOptions('admin', 'admin-app').runtimePlugins).toBeUndefined();
  });

  it('a production remote takes the runtime-core from the shell; its standalone dev harness keeps its own', () => {
    expect(remoteFederation('production').experiments).toMatchObject({ externalRuntime: true });
    expect(remoteFederation('development').experiments).not.toHaveProperty('externalRuntime');
  });

  it('every app builds its runtime for the browser only (no Node.js script loading)', () => {
    for (const options of [
      federationOptions('shell', 'shell'),
      remoteFederation('production'),
      remoteFederation('development'),
    ])
      expect(options.experiments).toMatchObject({ optimization: { target: 'web' } });
  });
});

// The styles barrel shared whole was all of it in 'mui' (the CSS-variables provider, the high-contrast helper and,
// through it, every component's class names): the apps share a re-export of the part they use.
it("shares MUI's styles barrel as its slim re-export, with MUI's version", () => {
  const config = appConfig({ name: 'shell', dir: path.join(root, 'shell'), mode: 'production' });
  const alias = config.resolve?.alias as Record<string, string>;
  expect(alias['@mui/material/styles$']).toBe(path.join(root, 'webpack/mui-styles-slim.ts'));
  expect(alias['mui-styles-package$']).toMatch(/[\\/]@mui[\\/]material[\\/]styles[\\/]index\.mjs$/);
  const version = (
    JSON.parse(readFileSync(path.join(root, 'node_modules/@mui/material/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  expect(sharedConfig(path.join(root, 'teacher-app'))['@mui/material/styles']).toMatchObject({
    singleton: true,
    version,
  });
  // In the shell's 'mui' chunk, not a file of its own.
  expect(muiChunkTest('shell', 'shell')?.(path.join(root, 'webpack/mui-styles-slim.ts'))).toBe(true);
});
