import path from 'node:path';
import { readFileSync } from 'node:fs';
import { appConfig, modeOf, withDevServer } from '../webpack/federation';
import { ServiceWorkerPlugin } from '../webpack/service-worker';
import { StartChainPlugin } from '../webpack/start-chain';
import { START_CHAIN_ELEMENT_ID } from '../shared-rules/src/start-chain';
import { PRERENDER_GATE_CSS, prerenderLogin } from './prerender-login';
import { PRE_PAINT_SCRIPT } from './src/pre-paint';

// The login page's CSS goes straight into index.html: it paints with the HTML and costs no JS (no style-loader).
// Its picture (~1 KB compressed) goes in as a data: URL, so the largest element on a phone needs no extra request.
const loginArt = readFileSync(path.join(__dirname, 'src/login/login-art.svg'), 'utf8')
  .replace(/\s*\n\s*/g, ' ')
  .trim();
const loginArtUrl = `data:image/svg+xml,${loginArt.replace(/[%#"<>]/g, encodeURIComponent)}`;
const loginCssSource = readFileSync(path.join(__dirname, 'src/login/login.css'), 'utf8');
if (!loginCssSource.includes('url("login-art.svg")'))
  throw new Error('login.css must use url("login-art.svg") for the login picture');
const loginCss = loginCssSource.replace('url("login-art.svg")', `url("${loginArtUrl}")`).replace(/\s*\n\s*/g, ' ');

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
      templateParameters: {
        loginCss: `${loginCss} ${PRERENDER_GATE_CSS}`,
        loginMarkup: prerenderLogin(),
        prePaintScript: PRE_PAINT_SCRIPT,
        startChainId: START_CHAIN_ELEMENT_ID,
      },
      plugins: [
        new ServiceWorkerPlugin({
          entry: path.join(__dirname, 'src/sw/service-worker.ts'),
          publicFiles: ['manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png'].map((file) => ({
            from: path.join(__dirname, 'public', file),
            to: file,
          })),
          minify: modeOf(argv) === 'production',
        }),
        // What a signed-in start runs of the shell (start-chain.json): the server names it in the page.
        new StartChainPlugin({ entry: 'main', signedInGroups: ['signed-in'] }),
      ],
    }),
    3100,
  );
