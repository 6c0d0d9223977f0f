import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider, not @mui/material's: for a theme without CSS variables (ours) the material one renders this
// very provider, but it also imports the CSS-variables provider and the colour-scheme script (~3 KB gzip, in the chunk
// every signed-in screen loads) for themes that have them. @mui/system is not shared, so this file is imported by path
// (not from the shared-ui index): a remote using the index would otherwise build its own copy of the provider.
import { ThemeProvider } from '@mui/system';
// By its shared path, as the shell provides it (a relative import would be a second copy in a remote).
import { kelaskuTheme } from '@kelasku/shared-ui/src/theme';

/** Theme + CSS baseline. Wrap the signed-in part of the app (the shell and each remote's dev harness do this). */
export function KelaskuThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={kelaskuTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
