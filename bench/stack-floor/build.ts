/**
 * Builds the stack-floor pages (see ../stack-floor.ts) into out/<variant>/, laid out as the server serves a build
 * (STATIC_DIR holding shell/dist and student-app/dist). Each page shows question 1 of the exam and nothing else.
 *   mf-mui:       our Module Federation set-up as the product builds it (webpack/federation.ts: the same shared
 *                 singletons, chunk groups, one MF runtime), a host that reads /remotes.json and loads the student
 *                 remote's App, and an App made of the MUI components the exam page shows for question 1.
 *   mf-mui-hinted: mf-mui with its index.html naming, as preload hints, every file the chain to question 1 fetches
 *                 (the host's React chunk, the remote's mf-manifest.json, remoteEntry.js, App and the shared modules
 *                 the remote brings): the most a server that knew the signed-in role's remote could do for it.
 *   bundle-mui:   the same App in one webpack bundle, no Module Federation.
 *   bundle-react: question 1 in plain elements with React, no MUI, one bundle.
 *   plain:        no framework: the exam-start bench's bare twin, as a page.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { appConfig, REMOTE_EXTERNAL_RUNTIME, repoRoot } from '../../webpack/federation';
import { PrecompressPlugin } from '../../webpack/precompress';
import { BARE_HTML } from '../exam-start';

export const FLOOR_VARIANTS = ['mf-mui', 'mf-mui-hinted', 'bundle-mui', 'bundle-react', 'plain'] as const;
export type FloorVariant = (typeof FLOOR_VARIANTS)[number];

const HERE = __dirname;
const TEMPLATE = path.join(HERE, 'index.html');
const src = (file: string) => path.join(HERE, 'src', file);
const distOf = (out: string, variant: FloorVariant, app: 'shell' | 'student-app') =>
  path.join(out, variant, app, 'dist');

/** The product's federation config with our entry and output: only the app code differs. */
function federated(out: string): Configuration[] {
  const host = appConfig({
    name: 'shell',
    dir: path.join(repoRoot, 'shell'),
    mode: 'production',
    html: true,
    template: TEMPLATE,
    entry: { main: src('host.ts') },
    publicPath: '/',
  });
  const remote = appConfig({
    name: 'student',
    dir: path.join(repoRoot, 'student-app'),
    mode: 'production',
    federation: {
      filename: 'remoteEntry.js',
      exposes: { './App': src('QuestionMui.tsx') },
      experiments: REMOTE_EXTERNAL_RUNTIME,
    },
  });
  return [
    { ...host, output: { ...host.output, path: distOf(out, 'mf-mui', 'shell') } },
    { ...remote, output: { ...remote.output, path: distOf(out, 'mf-mui', 'student-app') } },
  ];
}

/** A copy of mf-mui whose index.html hints every file of the chain to question 1 (see the header). */
function hinted(out: string): void {
  const from = path.join(out, 'mf-mui');
  const to = path.join(out, 'mf-mui-hinted');
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  const remote = '/remotes/student/';
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distOf(out, 'mf-mui', 'student-app'), 'mf-manifest.json'), 'utf8'),
  ) as {
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
    shared: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const hostChunks = fs
    .readdirSync(distOf(out, 'mf-mui', 'shell'))
    .filter((f) => /^boot\.[0-9a-f]{8}\.js$/.test(f))
    .map((f) => `/${f}`);
  const remoteFiles = [
    ...manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]),
    // React comes from the host (the first to register it), so the remote's own copy is never fetched.
    ...manifest.shared.filter((m) => !/^react(\/|-dom|$)/.test(m.name)).flatMap((m) => m.assets.js.sync),
  ].map((f) => `${remote}${f}`);
  const links = [
    `<link rel="preload" href="${remote}mf-manifest.json" as="fetch" crossorigin>`,
    ...[...hostChunks, `${remote}remoteEntry.js`, ...remoteFiles].map(
      (f) => `<link rel="preload" href="${f}" as="script">`,
    ),
  ];
  const index = path.join(distOf(out, 'mf-mui-hinted', 'shell'), 'index.html');
  fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>', `${links.join('')}<title>`));
  // The server would send the precompressed copies of the old page.
  for (const ext of ['.br', '.gz']) fs.rmSync(`${index}${ext}`, { force: true });
}

/** One bundle, webpack's defaults for production. */
function bundled(out: string, variant: 'bundle-mui' | 'bundle-react', entry: string): Configuration {
  return {
    mode: 'production',
    context: HERE,
    entry: { main: entry },
    output: {
      path: distOf(out, variant, 'shell'),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader'),
            options: { transpileOnly: true, configFile: path.join(repoRoot, 'tsconfig.base.json') },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: TEMPLATE, scriptLoading: 'defer', inject: 'head' }),
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

function compile(configs: Configuration[]): Promise<void> {
  return new Promise((resolve, reject) =>
    webpack(configs, (err, stats) => {
      if (err || stats?.hasErrors()) reject(err ?? new Error(stats!.toString('errors-only')));
      else resolve();
    }),
  );
}

/** Builds every variant into `out`; returns the STATIC_DIR of each. */
export async function buildFloors(out: string): Promise<Record<FloorVariant, string>> {
  await compile([
    ...federated(out),
    bundled(out, 'bundle-mui', src('bundle-mui.tsx')),
    bundled(out, 'bundle-react', src('bundle-react.tsx')),
  ]);
  hinted(out);
  fs.mkdirSync(distOf(out, 'plain', 'shell'), { recursive: true });
  fs.writeFileSync(path.join(distOf(out, 'plain', 'shell'), 'index.html'), BARE_HTML);
  return Object.fromEntries(FLOOR_VARIANTS.map((v) => [v, path.join(out, v)])) as Record<FloorVariant, string>;
}
