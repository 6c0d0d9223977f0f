import { appConfig, modeOf, withDevServer } from '../webpack/federation';

// The host: login page, role routing, loads the signed-in role's remote at run time (see src/app/remotes.ts).
// No remotes are known at build time; /remotes.json tells the browser where they are.
export default (_env: unknown, argv: { mode?: string }) =>
  withDevServer(
    appConfig({ name: 'shell', dir: __dirname, mode: modeOf(argv), html: true, entry: { main: './src/index.ts' }, publicPath: '/' }),
    3100,
  );
