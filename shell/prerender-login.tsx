// Build-time only (shell/webpack.config.ts): the login page rendered to HTML, so a phone paints the whole first
// screen from index.html before any JavaScript has loaded. The app then replaces it with the same markup
// (src/login/prerendered.ts carries over what the visitor already typed).
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LoginPage } from './src/login/LoginPage';
import shellMessages from './src/locales/en.json';

export const PRERENDER_CLASS = 'login-prerender';

/**
 * In English (the page cannot know the visitor's language at build time; the app switches it once it starts), from
 * an i18next instance of its own, loaded synchronously and given through the provider: the app's shared instance
 * (and react-i18next's default one) are never touched here.
 */
export function prerenderLogin(): string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: { en: { shell: shellMessages } },
    initAsync: false,
    defaultNS: false,
    interpolation: { escapeValue: false },
  });
  const page = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <LoginPage onSignedIn={() => {}} prerendered />
    </I18nextProvider>,
  );
  return `<div class="${PRERENDER_CLASS}">${page}</div>`;
}

/**
 * Runs in <head> before the first paint: a visitor who is signed in, or who opened another path, would otherwise see
 * the login page flash before the app shows the right screen. Hashed into the server's CSP (routes/static/spa.ts).
 * "token" is the key shared-api/src/session.ts stores the session under.
 */
export const PRERENDER_GATE_SCRIPT = `try{if(location.pathname!=="/"||localStorage.getItem("token"))document.documentElement.classList.add("kelasku-no-prerender")}catch(e){}`;
export const PRERENDER_GATE_CSS = `.kelasku-no-prerender .${PRERENDER_CLASS}{display:none}`;
