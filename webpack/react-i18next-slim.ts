// What the apps get for `import … from 'react-i18next'` in builds (an alias; Jest and tsc use the real package).
// react-i18next is a shared singleton (one instance for the shell and every remote) and shared modules are not
// tree-shaken: the whole package (Trans, ICU and HTML parsing…) is 10.6 KB gzip, the hooks we use 2.7 KB.
// 'react-i18next-package' is the real package (an alias too, so this file does not import itself).
// Need something else? Add it here: a missing export fails the build (exportsPresence: 'error').
export { useTranslation, initReactI18next, I18nextProvider } from 'react-i18next-package';
