// What the apps get for `import … from '@mui/material/styles'` in builds (an alias; Jest and tsc use the real package).
// It is a shared singleton (the shell provides it to the remotes' charts) and shared modules are not tree-shaken: the
// whole barrel also carries the CSS-variables provider, the colour-scheme script and the high-contrast helper, which
// imports every component's class names, all in the chunk every signed-in screen loads (~10 KB gzip). This module
// re-exports only what our code and @mui/x-charts import ('mui-styles-package' is the real barrel, an alias too, so
// this file does not import itself). Need something else? Add it here: a missing export fails the build.
export { createTheme, keyframes, styled, useTheme, useThemeProps } from 'mui-styles-package';
