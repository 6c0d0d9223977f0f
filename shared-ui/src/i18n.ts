// The UI's languages: English (the specification's texts, exactly) and Bahasa Indonesia.
//
// i18next and react-i18next are shared singletons (webpack/federation.ts), so the shell and every remote use the one
// default i18next instance. Each app registers its own messages as a namespace ('shell', 'admin', 'teacher',
// 'student'; shared-ui's are 'common'), loaded lazily and only for the active language: a remote deployed alone
// brings its own texts. Words follow the glossary (docs/glossary.md).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { isLanguage, LANGUAGES, type Language } from '@kelasku/shared-rules/src/languages';

export { isLanguage, LANGUAGES, type Language };
/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', id: 'Bahasa Indonesia' };

export type Messages = { [key: string]: string | Messages };
/** Loads one namespace's messages for a language, e.g. `(lng) => import(\`./locales/${lng}.json\`)`. */
export type MessagesLoader = (language: Language) => Promise<Messages | { default: Messages }>;

const STORAGE_KEY = 'kelasku:language';
const loaders = new Map<string, MessagesLoader>();

/** Makes a namespace loadable; `useTranslation(namespace)` then waits (Suspense) for the active language's file. */
export function registerMessages(namespace: string, loader: MessagesLoader): void {
  loaders.set(namespace, loader);
}
registerMessages('common', (language) => import(`./locales/${language}.json`));
// The translation of each server error code (shared-rules ERROR_CODES), read by shared-api's errorMessage. English
// shows the server's own message, so there is nothing to load for it.
registerMessages('errors', (language) =>
  language === 'en' ? Promise.resolve({}) : import(`./locales/errors/${language}.json`),
);

/**
 * Starts fetching a namespace's file for the active language now, in parallel with the screens' code, rather than
 * when the first screen asks for it. In a remote's standalone page i18next starts just after the remote's modules
 * run: then the fetch starts as soon as it has.
 */
export function preloadMessages(namespace: string): void {
  const load = () => void i18next.loadNamespaces(namespace).catch(() => undefined);
  if (i18next.isInitialized) load();
  else i18next.on('initialized', load);
}

/** The language chosen on this device, else the browser's (Indonesian for any `id-*`), else English. */
export function deviceLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage blocked: fall through to the browser's language
  }
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'in' || base === 'id') return 'id';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** The active language. */
export function currentLanguage(): Language {
  const active = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(active) ? active : 'en';
}

let starting: Promise<unknown> | undefined;

/** Starts the shared instance once (the shell, or a remote's standalone harness, calls this before rendering). */
export function startI18n(language: Language = deviceLanguage()): Promise<unknown> {
  if (!starting) {
    document.documentElement.lang = language;
    starting = i18next
      .use(
        resourcesToBackend((lng: string, ns: string) => {
          const load = loaders.get(ns);
          if (!load || !isLanguage(lng)) return Promise.reject(new Error(`No messages registered for ${ns} (${lng})`));
          return load(lng);
        }),
      )
      .use(initReactI18next)
      .init({
        lng: language,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        fallbackLng: false,
        // Loaded with the language: a failure can happen on any screen, the login page too.
        ns: ['errors'],
        defaultNS: false,
        // React escapes what it renders; i18next must not escape it a second time.
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
      });
  }
  return starting;
}

/** Switches the language and remembers it on this device. Saving it on the account is the caller's (shared-api). */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}
