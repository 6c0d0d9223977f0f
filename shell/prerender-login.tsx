// Build-time only (shell/webpack.config.ts): the login page rendered to HTML, so a phone paints the whole first
// screen from index.html before any JavaScript has loaded. The app then replaces it with the same markup
// (src/login/prerendered.ts carries over what the visitor already typed).
import { renderToStaticMarkup } from 'react-dom/server';
import { LoginPage } from './src/login/LoginPage';

export const PRERENDER_CLASS = 'login-prerender';

export function prerenderLogin(): string {
  return `<div class="${PRERENDER_CLASS}">${renderToStaticMarkup(<LoginPage onSignedIn={() => {}} prerendered />)}</div>`;
}

/**
 * Runs in <head> before the first paint: a visitor who is signed in, or who opened another path, would otherwise see
 * the login page flash before the app shows the right screen. Hashed into the server's CSP (routes/static/spa.ts).
 * "token" is the key shared-api/src/session.ts stores the session under.
 */
export const PRERENDER_GATE_SCRIPT =
  `try{if(location.pathname!=="/"||localStorage.getItem("token"))document.documentElement.classList.add("kelasku-no-prerender")}catch(e){}`;
export const PRERENDER_GATE_CSS = `.kelasku-no-prerender .${PRERENDER_CLASS}{display:none}`;
