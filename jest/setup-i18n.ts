// Every namespace in both languages, loaded synchronously, so components render their texts on the first render in
// tests (the apps load them lazily). A key that has no message fails the test that renders it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, readMessages, TEST_LANGUAGES } from './i18n-namespaces';

const resources = Object.fromEntries(
  TEST_LANGUAGES.map((language) => [
    language,
    Object.fromEntries(NAMESPACES.map((ns) => [ns, readMessages(ns, language)])),
  ]),
);

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources,
  initAsync: false,
  fallbackLng: false,
  defaultNS: false,
  interpolation: { escapeValue: false },
  saveMissing: true,
  missingKeyHandler: (languages, namespace, key) => {
    throw new Error(`No ${languages.join('/')} message for ${namespace}:${key}`);
  },
});

// A test that switches to Indonesian does not leave the next one in it.
afterEach(() => {
  if (i18next.language !== 'en') void i18next.changeLanguage('en');
});
