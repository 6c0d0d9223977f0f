// The real react-i18next under its build alias (see react-i18next-slim.ts).
declare module 'react-i18next-package' {
  export * from 'react-i18next';
}
