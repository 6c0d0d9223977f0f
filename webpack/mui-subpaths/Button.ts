// Alias target of '@mui/material/Button' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { Button as default } from '@mui/material';
