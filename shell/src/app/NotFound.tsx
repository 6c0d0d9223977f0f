import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { Logo } from '@kelasku/shared-ui';

/** Any path that is neither a shared page nor a role path. */
export function NotFound() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}>
      <Logo size={40} />
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>Page not found</Typography>
      <Typography color="text.secondary">The page you opened does not exist.</Typography>
      <Button component={RouterLink} to="/" variant="contained">Back to home</Button>
    </Box>
  );
}
