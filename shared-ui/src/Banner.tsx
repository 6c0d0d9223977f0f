import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
// By its shared path: the shell's copy, not a second one in each remote (scripts/first-screen-imports.test.ts).
import { kelaskuColors } from '@kelasku/shared-ui/src/theme';

/** Gradient page banner with the page's title (the caller's text) and optional content on its right. */
export function Banner({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Box
      sx={{
        background: kelaskuColors.bannerGradient,
        color: '#fff',
        borderRadius: 3,
        px: { xs: 2.5, sm: 4 },
        py: { xs: 2.5, sm: 3.5 },
        mb: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
          {title}
        </Typography>
        {subtitle && <Typography sx={{ opacity: 0.9, mt: 0.5 }}>{subtitle}</Typography>}
      </Box>
      {children}
    </Box>
  );
}
