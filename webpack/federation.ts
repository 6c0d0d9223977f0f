// Shared webpack pieces for the shell (host) and the three remotes, so each app's config stays a few lines.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { Configuration, Module, RuleSetRule } from 'webpack';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { PrecompressPlugin } from './precompress';

export type RemoteName = 'admin' | 'teacher' | 'student';
type Mode = 'production' | 'development';

export const repoRoot = path.resolve(__dirname, '..');

/**
 * shared-ui one module at a time ('@kelasku/shared-ui/src/states'…): the package index is one shared module, so
 * whoever imports it loads every component of shared-ui and the MUI they need (dialogs, text fields, selects…).
 * First screens (the shell's signed-in frame, the dashboards) import by path and load only what they show.
 */
export const SHARED_UI_MODULES = '@kelasku/shared-ui/src/';

/**
 * Every app shares exactly these, as singletons (docs/contracts.md section 2). MUI is shared per component
 * ('@mui/material/' matches '@mui/material/Button', '@mui/material/styles'…), never as the '@mui/material' barrel:
 * a shared module cannot be tree-shaken, so the barrel cost every role all of MUI (147.7 KB gzip). Our code imports
 * each component by path (ESLint refuses the barrel); the shell provides every component a remote uses
 * (shell/src/app/mui-provides.ts), so MUI's internals and React contexts come from one build.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  '@mui/material/',
  // Its own key, before the prefix's: the slim re-export (webpack/mui-styles-slim.ts) stands for it.
  '@mui/material/styles',
  '@emotion/react',
  '@emotion/styled',
  '@kelasku/shared-ui',
  SHARED_UI_MODULES,
  '@kelasku/shared-api',
  // One i18next instance for every app (shared-ui/src/i18n.ts).
  'i18next',
  'react-i18next',
  // The one data layer (shared-ui/src/data.tsx, session-cache.tsx): the remotes' reads and writes, the shell's
  // sign-in. The shell provides it from its boot chunk (the login page signs in through it).
  '@tanstack/react-query',
] as const;

function dependencies(dir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return pkg.dependencies ?? {};
}

/** Shared modules built from a slim re-export (aliases below). */
const SLIM_ALIASED: string[] = ['react-router-dom', 'react-i18next', '@mui/material/styles'];

/** The `shared` option: every singleton with `requiredVersion` taken from the app's package.json. */
export function sharedConfig(
  dir: string,
): Record<string, { singleton: true; requiredVersion: string | false; strictVersion: false; version?: string }> {
  const deps = dependencies(dir);
  return Object.fromEntries([
    ...SHARED_SINGLETONS.map((name) => {
      const pkgName = packageOf(name);
      const version = deps[pkgName];
      if (!version) throw new Error(`${dir}/package.json must depend on ${pkgName} (a shared singleton)`);
      // Workspace packages ('*') carry no useful range: accept whatever the host provides.
      const config = {
        singleton: true as const,
        requiredVersion: version === '*' ? (false as const) : version,
        strictVersion: false as const,
      };
      // The slim alias lives outside the package, so tell the share scope which version it stands for.
      return [name, SLIM_ALIASED.includes(name) ? { ...config, version: packageVersion(pkgName) } : config] as const;
    }),
  ]);
}

/** The package a share key belongs to: '@mui/material/' → '@mui/material', '@kelasku/shared-ui/src/' → '@kelasku/shared-ui'. */
export function packageOf(shareKey: string): string {
  const parts = shareKey.split('/');
  return parts.slice(0, shareKey.startsWith('@') ? 2 : 1).join('/');
}

const tsRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  // A missing import in our code (e.g. from the slim react-router-dom) fails the build instead of being undefined.
  parser: { exportsPresence: 'error' },
  use: {
    loader: require.resolve('ts-loader'),
    options: { transpileOnly: true, configFile: path.join(repoRoot, 'tsconfig.base.json') },
  },
};

const assetRules: RuleSetRule[] = [
  { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
  { test: /\.(svg|png|jpe?g|webp|avif|woff2?|ttf)$/, type: 'asset/resource' }, // ttf: KaTeX's CSS names it last (browsers take woff2)
];

const packageVersion = (name: string) =>
  (
    JSON.parse(readFileSync(require.resolve(`${name}/package.json`, { paths: [repoRoot] }), 'utf8')) as {
      version: string;
    }
  ).version;

/**
 * `react-router-dom` → our slim re-export (see react-router-dom-slim.ts). In production, react-router's own
 * development build (its package exports point there by default) is swapped for the production one.
 */
function aliases(mode: Mode): Record<string, string> {
  const slim = {
    'react-router-dom$': path.join(__dirname, 'react-router-dom-slim.ts'),
    'react-i18next$': path.join(__dirname, 'react-i18next-slim.ts'),
    'react-i18next-package$': path.join(
      path.dirname(require.resolve('react-i18next/package.json', { paths: [repoRoot] })),
      'dist/es/index.js',
    ),
    '@mui/material/styles$': path.join(__dirname, 'mui-styles-slim.ts'),
    'mui-styles-package$': path.join(
      path.dirname(require.resolve('@mui/material/package.json', { paths: [repoRoot] })),
      'styles/index.mjs',
    ),
  };
  if (mode !== 'production') return slim;
  const dist = path.join(
    path.dirname(require.resolve('react-router/package.json', { paths: [repoRoot] })),
    'dist/production',
  );
  return {
    ...slim,
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/**
 * The shell's 'mui' chunk, loaded by every signed-in screen, holds the signed-in frame's MUI (the shell's loading and
 * error states, the theme, emotion; the role layout is plain elements and CSS) and the components two or more first
 * screens show (alerts, chips, links, stacks, list items). Every other component waits outside it, so a screen loads
 * only what it shows itself: those one first screen shows, in a chunk per set shown together, and those no first
 * screen shows (tables, tabs, tooltips…), one chunk per family (webpack's default split them one file per component:
 * a screen with a table loaded six). Measured one chunk per component: 4–8 more files per screen for 1–10 KB less, so
 * the components several screens show stay in 'mui'. Listing a component the frame uses costs every screen one more
 * request, never breaks it (scripts/first-screen-imports.test.ts checks both lists).
 */
export const MUI_OUTSIDE_FRAME_CHUNKS: Record<string, string[]> = {
  // The admin dashboard's search field (InputBase), which every text field is made of too.
  'mui-input': ['InputBase', 'TextareaAutosize'],
  // The student dashboard's to-do list and progress bar (the teacher's review list, below its first screen, uses the
  // list buttons too).
  'mui-todo': ['LinearProgress', 'ListItemButton', 'ListItemIcon', 'ListSubheader'],
  // My Classes' cards.
  'mui-cards': ['Card', 'CardActionArea', 'CardActions', 'CardContent'],
  'mui-tables': ['Table', 'TableBody', 'TableCell', 'TableContainer', 'TableFooter', 'TableHead', 'TableRow'],
  'mui-tabs': ['Tab', 'TabScrollButton', 'Tabs'],
  'mui-toggles': ['ToggleButton', 'ToggleButtonGroup'],
  // A drawer's modal parts (the phone's sidebar, the exam page's question list), under the dialogs too: with the
  // dialogs in one file (the cache groups share the chunk's name), for the screens that load both before they are
  // usable (the admin's and teacher's lists) one request instead of two. No dashboard opens one on arrival. Not
  // Portal: the tooltips' and charts' poppers use it.
  'mui-dialogs': ['Drawer', 'Modal', 'Backdrop', 'Fade', 'Slide', 'Unstable_TrapFocus'],
  // One each: never shown together (the tooltip's Popper and Grow are also the charts' and the pop-ups').
  'mui-Divider': ['Divider'],
  'mui-Fab': ['Fab'],
  'mui-FormGroup': ['FormGroup'],
  'mui-Grow': ['Grow'],
  'mui-NoSsr': ['NoSsr'],
  'mui-Popper': ['Popper'],
  'mui-RadioGroup': ['RadioGroup'],
  'mui-Tooltip': ['Tooltip'],
  'mui-Zoom': ['Zoom'],
  'mui-useAutocomplete': ['useAutocomplete'],
};
export const MUI_OUTSIDE_FRAME_COMPONENTS = Object.values(MUI_OUTSIDE_FRAME_CHUNKS).flat();
const MUI_OUTSIDE_FRAME_CHUNK_OF = new Map(
  Object.entries(MUI_OUTSIDE_FRAME_CHUNKS).flatMap(([chunk, components]) => components.map((c) => [c, chunk])),
);
/**
 * The form and pop-up components (text fields, selects, menus, check boxes, autocomplete) and the parts only they
 * use: no dashboard shows one, so they make a chunk of their own ('mui-forms'), loaded with the first screen that
 * needs one of them (a form, a dialog with fields). Measured with the shell's sign-in dialog and developer pages made lazy
 * and the dashboards importing shared-ui by path: admin 287.3 → 267.0 KB, teacher 290.7 → 269.3 KB (mui-forms 21.5 KB).
 */
export const MUI_FORM_COMPONENTS = [
  'Autocomplete',
  'Checkbox',
  'FilledInput',
  'FormControl',
  'FormControlLabel',
  'FormHelperText',
  'FormLabel',
  'Input',
  'InputAdornment',
  'InputLabel',
  'Menu',
  'MenuItem',
  'MenuList',
  'NativeSelect',
  'OutlinedInput',
  'Popover',
  'Radio',
  'Select',
  'Switch',
  'TextField',
  'internal[\\\\/]SwitchBase',
  // Not ListSubheader: menus use it, but so does the student dashboard's to-do list (its group headings); listed here
  // it cost that dashboard the whole chunk (21.5 KB). bench/check-budgets.ts fails a dashboard that loads this chunk.
];
/**
 * The dialog components: no dashboard opens one on its first screen (the admin's confirm dialog loads on first use),
 * so they make a chunk of their own ('mui-dialogs', with the modal parts under them), one request for the screens
 * that use them.
 */
export const MUI_DIALOG_COMPONENTS = ['Dialog', 'DialogActions', 'DialogContent', 'DialogContentText', 'DialogTitle'];
const MUI_PACKAGES =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|dom-helpers|stylis|hoist-non-react-statics|clsx|prop-types|react-is|@babel[\\/]runtime)[\\/]/;
// A component's folder: 'TableRow/TableRow.mjs' → 'TableRow'.
const MUI_OUTSIDE_FRAME = new RegExp(
  `[\\\\/]@mui[\\\\/]material[\\\\/](${MUI_OUTSIDE_FRAME_COMPONENTS.join('|')})[\\\\/]`,
);
// A form component's folder ('TextField/') or file ('internal/SwitchBase.mjs')…
const MUI_FORMS = new RegExp(`[\\\\/]@mui[\\\\/]material[\\\\/](${MUI_FORM_COMPONENTS.join('|')})[\\\\/.]`);
const MUI_DIALOGS = new RegExp(`[\\\\/]@mui[\\\\/]material[\\\\/](${MUI_DIALOG_COMPONENTS.join('|')})[\\\\/]`);
// …but not the small parts a component in another chunk imports: the class names ListItem (in 'mui') and MenuItem (in
// 'mui-forms') style their children by, and the form control's context InputBase reads. Any other component's class
// names go with it (they stayed in 'mui' while the whole '@mui/material/styles' barrel was shared: its high-contrast
// helper imports them all; now only webpack/mui-styles-slim.ts is).
export const MUI_FORMS_SHARED_PARTS =
  /[\\/](listItemButtonClasses|listItemIconClasses|dividerClasses|FormControlContext|useFormControl|formControlState)\.m?js$/;

// The shared '@mui/material/styles' (aliases): with the rest of MUI, not a 207-byte file of its own.
const MUI_STYLES_SLIM = /[\\/]webpack[\\/]mui-styles-slim\.ts$/;

/**
 * The shell's MUI (and what it is made of: emotion, transitions…; not @mui/x-charts or the icons) in one async chunk:
 * shared per component, the first screen's ~40 components would come in ~40 requests and compress worse.
 */
const MUI_CHUNK = {
  test: (module: Module) => {
    const file = module.nameForCondition() ?? '';
    // A component's class names go with it, but for those another chunk's components import (MUI_FORMS_SHARED_PARTS).
    return (
      (MUI_PACKAGES.test(file) || MUI_STYLES_SLIM.test(file)) &&
      !MUI_OUTSIDE_FRAME_CHUNK.test(module) &&
      !MUI_FORMS_CHUNK.test(module) &&
      !MUI_DIALOGS_CHUNK.test(module)
    );
  },
  name: 'mui',
  chunks: 'async' as const,
  enforce: true,
};

/**
 * An async chunk beside 'mui' for the MUI files `pattern` matches, except the small parts the theme (the class names)
 * and InputBase (the form control's context) import, which stay in 'mui'.
 */
function muiGroupChunk(name: string, pattern: RegExp) {
  return {
    test: (module: Module) => {
      const file = module.nameForCondition() ?? '';
      return pattern.test(file) && !MUI_FORMS_SHARED_PARTS.test(file);
    },
    name,
    chunks: 'async' as const,
    enforce: true,
  };
}

/**
 * The components outside the frame in their chunks (MUI_OUTSIDE_FRAME_CHUNKS), also where a form component uses one
 * (InputBase under every text field): one copy, loaded by whichever screen needs it first.
 */
const MUI_OUTSIDE_FRAME_CHUNK = {
  test: (module: Module) => {
    const file = module.nameForCondition() ?? '';
    return MUI_OUTSIDE_FRAME.test(file) && !MUI_FORMS_SHARED_PARTS.test(file);
  },
  name: (module: Module) =>
    MUI_OUTSIDE_FRAME_CHUNK_OF.get(MUI_OUTSIDE_FRAME.exec(module.nameForCondition() ?? '')?.[1] ?? '') ?? 'mui-other',
  chunks: 'async' as const,
  enforce: true,
};

/** The form and pop-up components (MUI_FORM_COMPONENTS). */
const MUI_FORMS_CHUNK = muiGroupChunk('mui-forms', MUI_FORMS);
/** The dialog components (MUI_DIALOG_COMPONENTS). */
const MUI_DIALOGS_CHUNK = muiGroupChunk('mui-dialogs', MUI_DIALOGS);

/**
 * What the login page runs on (React, React DOM, i18next, TanStack Query for its sign-in, and their helpers) in one async chunk instead of one per
 * shared module: each file is one more request (six at a time per server over HTTP/1.1) and one more script tag.
 */
const BOOT_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|i18next-resources-to-backend|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@tanstack)[\\/]/;
/**
 * The shared modules the login page takes from the shell besides those packages: the i18n set-up, the language
 * switch, the logo, the code-split helper, the sign-in's cache and the slim react-i18next. One small file each otherwise (six requests
 * before the login page answers); none of them reaches MUI.
 */
const BOOT_MODULES = new RegExp(
  [
    '[\\\\/]shared-ui[\\\\/]src[\\\\/](i18n|LanguageSwitch|Logo|preloadable|session-cache)\\.tsx?$',
    '[\\\\/]webpack[\\\\/]react-i18next-slim\\.ts$',
    // What those and the login page run on: the languages, the usable mark, the session and the API's address.
    '[\\\\/]shared-rules[\\\\/]src[\\\\/](languages|usable-mark)\\.ts$',
    '[\\\\/]shared-api[\\\\/]src[\\\\/](api-base|session|device-data|device-owner)\\.ts$',
  ].join('|'),
);
/**
 * The i18n set-up's lazy `import(\`./locales/${language}.json\`)` maps (webpack context modules, named by their folder),
 * with it in 'boot': outside it, each async chunk needing them kept a copy with the backend plugin (the login page loaded
 * two identical files).
 */
const BOOT_LOCALE_MAPS = /[\\/]shared-ui[\\/]src[\\/]locales([\\/]errors)?$/;
const BOOT_CHUNK = {
  test: (module: Module) => {
    const file = module.nameForCondition() ?? '';
    return (
      BOOT_PACKAGES.test(file) ||
      BOOT_MODULES.test(file) ||
      (module.type === 'javascript/dynamic' && BOOT_LOCALE_MAPS.test(module.context ?? ''))
    );
  },
  name: 'boot',
  chunks: 'async' as const,
  enforce: true,
};

/**
 * What every signed-in screen takes from the shell besides React and MUI, in one async chunk instead of one file per
 * shared module: the API client (shared-api's index and what it is made of, ky), the router, and the shared-ui
 * modules the signed-in frame provides (the states, the theme, the unsent-work check), with what only they import
 * (the device id, the shared rules' index, error codes and text sizes; the back button's icon): left out, each shared
 * module's remainder was one more small file (3.8 and 0.3 KB) on every signed-in screen. Not the parts of shared-api
 * the login page itself runs on (the session, the API base, the device data): this chunk reaches MUI (states, theme)
 * and must never load on the login page.
 */
const FRAME_MODULES = new RegExp(
  [
    '[\\\\/]node_modules[\\\\/](ky|react-router|react-router-dom)[\\\\/]',
    '[\\\\/]node_modules[\\\\/]@mui[\\\\/]icons-material[\\\\/]ArrowBack\\.m?js$',
    '[\\\\/]webpack[\\\\/]react-router-dom-slim\\.ts$',
    '[\\\\/]shared-api[\\\\/]src[\\\\/](index|http|resources|content-map|wib-time|types|error-text|device-id)\\.ts$',
    // (and, the shared rules having no side effects, the two of their modules that the API client imports past the
    // index: the device header and the WIB clock; 0.2 KB, a file of its own otherwise)
    '[\\\\/]shared-rules[\\\\/]src[\\\\/](index|error-codes|text-bytes|exam-monitor|wib)\\.ts$',
    '[\\\\/]shared-ui[\\\\/]src[\\\\/](states|theme|theme-provider|unsent-work)\\.tsx?$',
  ].join('|'),
);
const FRAME_CHUNK = {
  test: (module: Module) => FRAME_MODULES.test(module.nameForCondition() ?? ''),
  name: 'frame',
  chunks: 'async' as const,
  enforce: true,
};

/**
 * The shell's and shared-ui's messages of one language (the 'shell' and 'common' namespaces) in one file: every
 * signed-in screen needs both, one request instead of two; the login page, which needs only the first, gets ~1 KB
 * more. Not the error messages (locales/errors/), loaded when an error is shown.
 */
const MESSAGES_OF_LANGUAGE = /[\\/](shell|shared-ui)[\\/]src[\\/]locales[\\/](\w+)\.json$/;
const MESSAGES_CHUNK = {
  test: (module: Module) => MESSAGES_OF_LANGUAGE.test(module.nameForCondition() ?? ''),
  name: (module: Module) => `messages-${MESSAGES_OF_LANGUAGE.exec(module.nameForCondition() ?? '')?.[2] ?? 'other'}`,
  chunks: 'async' as const,
  enforce: true,
};

/**
 * A remote's first screens' common part in one async chunk: its data layer (shared-ui's data.tsx; TanStack Query itself comes from the shell) and
 * the shared-ui frame it provides (the remote skeleton, the role layout and its menu, the banner, the welcome line).
 * One file instead of one per shared module.
 */
const REMOTE_FRAME_MODULES = new RegExp(
  [
    // RemoteRoot's own code-split data layer and cache (relative imports: the remote's copies), and the small hooks
    // screens use (one file each otherwise). Not the shared-ui modules the shell provides (states, theme…): the remote
    // takes the shell's, never runs its own. Not TanStack Query either: the shell provides it, and a remote's own copy
    // (for a remote alone) in this chunk would load on every screen.
    '[\\\\/]shared-ui[\\\\/]src[\\\\/](RemoteRoot|RoleLayout|frame-icons|data|session-cache|nav|pageSlots|Banner|WelcomeLine|useChanged)\\.tsx?$',
    // The small shared-ui modules the first screens show and the shell does not provide (the page title, dates and
    // numbers, the back hook, the paged lists' page in the URL and their page buttons, made of MUI's frame components
    // only, the lazy dialogs' and menus' mount from their first open; each under 0.9 KB): one file each otherwise, on every list (the page buttons: four first screens of the
    // eight, for 0.8 KB on the other four).
    '[\\\\/]shared-ui[\\\\/]src[\\\\/](PageTitle|sx|dates|numbers|useGoBack|usePageParam|Pagination|FromFirstOpen)\\.tsx?$',
    // What every screen of the remote runs on besides: its copy of the stored session and device data (imported by
    // path, not shared; jwt-decode reads the token). Not the shared rules' index: taken apart from what it re-exports,
    // each part became a file of its own (measured: one file fewer, two more).
    '[\\\\/]shared-api[\\\\/]src[\\\\/](session|device-data|device-owner|sealed-answers)\\.ts$',
    '[\\\\/]node_modules[\\\\/]jwt-decode[\\\\/]',
    // The shared rules they run on (the usable mark, the role of an account, the sealed answers' key, the WIB clock of
    // the dates): split out of this chunk, they were a file or two of their own on every screen of every remote.
    '[\\\\/]shared-rules[\\\\/]src[\\\\/](usable-mark|roles|sealed-envelope|wib)\\.ts$',
    // The page buttons' icons.
    '[\\\\/]node_modules[\\\\/]@mui[\\\\/]icons-material[\\\\/]Chevron(Left|Right)\\.m?js$',
    // The role layout's style sheet, and style-loader's and css-loader's run time (the exam page's sheet uses them too).
    '[\\\\/]shared-ui[\\\\/]src[\\\\/]role-layout\\.css$',
    '[\\\\/]node_modules[\\\\/](style-loader|css-loader)[\\\\/]',
  ].join('|'),
);
const REMOTE_FRAME_CHUNK = {
  test: (module: Module) => REMOTE_FRAME_MODULES.test(module.nameForCondition() ?? ''),
  name: 'remote-frame',
  chunks: 'async' as const,
  enforce: true,
};

/**
 * One Module Federation runtime for the page: the shell puts its runtime-core on the global
 * `_FEDERATION_RUNTIME_CORE` and the production remotes take it from there (REMOTE_EXTERNAL_RUNTIME) instead of
 * carrying their own (~20 KB gzip in every remoteEntry.js). The plugin's ESM file, not the CommonJS one
 * `experiments.provideExternalRuntime` adds: that one pulls in the CommonJS runtime-core beside the ESM one the
 * shell's runtime already uses, a second copy (+24 KB on the login page).
 */
export const PROVIDE_RUNTIME_CORE_PLUGIN = require
  .resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
  })
  .replace(/index\.cjs$/, 'index.js');
/** A production remote's share of the above; in development the standalone harness has no shell, so it keeps its own. */
export const REMOTE_EXTERNAL_RUNTIME = { externalRuntime: true } as const;
/**
 * Every app runs in a browser only: the federation runtime leaves out its Node.js script loading (ENV_TARGET 'web';
 * ~1 KB gzip of the shell's main.js, which every page loads first).
 */
export const BROWSER_ONLY = { optimization: { target: 'web' } } as const;

export interface AppOptions {
  /** Federation name: 'shell' or a remote name. */
  name: string;
  /** The app's folder (its package.json and src/). */
  dir: string;
  mode: Mode;
  /** Build an HTML page (the shell; a remote only in dev, for its standalone harness). */
  html?: boolean;
  /** The page's template; the app's public/index.html unless given. */
  template?: string;
  /** Extra ModuleFederationPlugin options (exposes, filename…). */
  federation?: Record<string, unknown>;
  entry?: Configuration['entry'];
  publicPath?: string;
  /** Extra plugins. */
  plugins?: NonNullable<Configuration['plugins']>;
  /** Extra HtmlWebpackPlugin template parameters. */
  templateParameters?: Record<string, unknown>;
}

/** The common configuration; shellConfig and remoteConfig specialise it. */
export function appConfig({
  name,
  dir,
  mode,
  html = false,
  template = path.join(dir, 'public/index.html'),
  federation = {},
  entry,
  publicPath = 'auto',
  plugins = [],
  templateParameters = {},
}: AppOptions): Configuration {
  return {
    mode,
    context: dir,
    entry: entry ?? {},
    // Production source maps only on request (SOURCE_MAPS=1): they triple build time on our 2-core machines.
    devtool:
      mode === 'production' ? (process.env.SOURCE_MAPS === '1' ? 'source-map' : false) : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      // '[contenthash]' in `filename` breaks the MF plugin (@module-federation/enhanced 2.9); hashed names for chunks only.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: aliases(mode),
    },
    // A missing export (e.g. from the slim react-router-dom) must fail the build, not become undefined at run time.
    module: { rules: [tsRule, ...assetRules] },
    plugins: [
      new ModuleFederationPlugin({
        name,
        shared: sharedConfig(dir),
        // Equal versions of a shared module go to the provider whose name sorts last ('version-first'): the student
        // and teacher remotes would load their own copy of MUI's core beside the shell's. The shell registers
        // first, so with 'loaded-first' what it provides is what every remote uses.
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        ...(name === 'shell' ? { runtimePlugins: [PROVIDE_RUNTIME_CORE_PLUGIN] } : {}),
        ...federation,
        experiments: { ...BROWSER_ONLY, ...(federation.experiments as Record<string, unknown> | undefined) },
      }),
      ...(html
        ? [
            new HtmlWebpackPlugin({
              template,
              scriptLoading: 'defer',
              inject: 'head',
              publicPath: '/',
              templateParameters,
            }),
          ]
        : []),
      // .br/.gz beside each text file, served by the server as is (server/src/routes/static)
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
      ...plugins,
    ],
    // The shell provides MUI to every remote, one shared module per component: see MUI_CHUNK.
    ...(name === 'shell'
      ? {
          optimization: {
            splitChunks: {
              cacheGroups: {
                boot: BOOT_CHUNK,
                frame: FRAME_CHUNK,
                mui: MUI_CHUNK,
                muiOutsideFrame: MUI_OUTSIDE_FRAME_CHUNK,
                muiForms: MUI_FORMS_CHUNK,
                muiDialogs: MUI_DIALOGS_CHUNK,
                messages: MESSAGES_CHUNK,
              },
            },
          },
        }
      : mode === 'production'
        ? { optimization: { splitChunks: { cacheGroups: { frame: REMOTE_FRAME_CHUNK } } } }
        : {}),
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * A remote: exposes './App' from src/App.tsx as `remoteEntry.js` + `mf-manifest.json` (publicPath auto).
 * In development it also builds the standalone harness page (src/index.ts → bootstrap → dev.tsx) on `port`.
 * The harness is left out of production builds so demo credentials never ship.
 */
export function remoteConfig(name: RemoteName, dir: string, port: number, mode: Mode = 'production'): Configuration {
  const dev = mode === 'development';
  const config = appConfig({
    name,
    dir,
    mode,
    html: dev,
    // One harness page for the three remotes, titled e.g. 'Kelasku Teacher (dev)'.
    template: path.join(__dirname, 'remote-harness.html'),
    templateParameters: { title: `Kelasku ${name[0].toUpperCase()}${name.slice(1)} (dev)` },
    entry: dev ? { main: './src/index.ts' } : {},
    // In production the MF runtime-core comes from the shell (PROVIDE_RUNTIME_CORE_PLUGIN).
    federation: {
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      ...(dev ? {} : { experiments: REMOTE_EXTERNAL_RUNTIME }),
    },
    plugins: dev ? [new webpack.DefinePlugin({ __KELASKU_DEMO_ACCOUNT__: JSON.stringify(demoAccount(name)) })] : [],
  });
  return withDevServer({ ...config, name }, port);
}

function demoAccount(role: RemoteName) {
  const fallback = DEMO_ACCOUNTS[role];
  return {
    username: process.env.DEMO_USERNAME ?? fallback.username,
    password: process.env.DEMO_PASSWORD ?? fallback.password,
  };
}

/**
 * Dev builds go to dist-dev/ (so they never clobber the production build the server serves) and carry the
 * port for webpack/dev-server.ts (webpack-dev-server is not installed; our small server reads `devServer.port`).
 */
export function withDevServer(config: Configuration, port: number): Configuration {
  if (config.mode !== 'development') return config;
  const devConfig: Configuration & { devServer: { port: number } } = {
    ...config,
    output: { ...config.output, path: path.join(String(config.context), 'dist-dev') },
    devServer: { port },
  };
  return devConfig;
}

/** webpack's exported function form: `export default (env, argv) => remoteConfig(...)`. */
export function modeOf(argv: { mode?: string } | undefined): Mode {
  return argv?.mode === 'development' ? 'development' : 'production';
}
