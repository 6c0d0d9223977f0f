import { createTheme } from '@mui/material/styles';

/** Kelasku colours: a calm indigo with a warm accent; the banner gradient uses both primaries. */
export const kelaskuColors = {
  primary: '#3949ab',
  primaryDark: '#283593',
  accent: '#00897b',
  sidebar: '#1f2a5c',
  background: '#f5f7fb',
  bannerGradient: 'linear-gradient(120deg, #283593 0%, #3949ab 45%, #00897b 100%)',
} as const;

export const kelaskuTheme = createTheme({
  palette: {
    primary: { main: kelaskuColors.primary, dark: kelaskuColors.primaryDark },
    secondary: { main: kelaskuColors.accent },
    background: { default: kelaskuColors.background },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
