// The real '@mui/material/styles' under its build alias (see mui-styles-slim.ts).
declare module 'mui-styles-package' {
  export * from '@mui/material/styles';
}
