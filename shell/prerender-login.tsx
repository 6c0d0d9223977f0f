// Build-time only (shell/webpack.config.ts): the login page rendered to HTML, so a phone paints the whole first
// screen from index.html before any JavaScript has loaded. The app then replaces it with the same markup
// (src/login/prerendered.ts carries over what the visitor already typed).
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LoginPage } from './src/login/LoginPage';
import shellMessages from './src/locales/en.json';
import { NO_PRERENDER_CLASS } from './src/pre-paint';

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

/** Hides the prerendered login page when the pre-paint script says it must not show (src/pre-paint.ts). */
export const PRERENDER_GATE_CSS = `.${NO_PRERENDER_CLASS} .${PRERENDER_CLASS}{display:none}`;
