import path from 'node:path';
import { readFileSync } from 'node:fs';
import { appConfig, modeOf, withDevServer } from '../webpack/federation';

// The login page's CSS goes straight into index.html: it paints with the HTML and costs no JS (no style-loader).
const loginCss = readFileSync(path.join(__dirname, 'src/login/login.css'), 'utf8').replace(/\s*\n\s*/g, ' ');

// The host: login page, role routing, loads the signed-in role's remote at run time (see src/app/remotes.ts).
// No remotes are known at build time; /remotes.json tells the browser where they are.
export default (_env: unknown, argv: { mode?: string }) =>
  withDevServer(
    appConfig({
      name: 'shell',
      dir: __dirname,
      mode: modeOf(argv),
      html: true,
      entry: { main: './src/index.ts' },
      publicPath: '/',
      templateParameters: { loginCss },
    }),
    3100,
  );
