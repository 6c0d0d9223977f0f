import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The page's main heading (one h1 per screen), with optional actions on its right. */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1.5,
        mb: 2.5,
      }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, fontSize: { xs: '1.3rem', sm: '1.6rem' } }}>
        {children}
      </Typography>
      {actions}
    </Box>
  );
}
