// Alias target of '@mui/material/Typography' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { Typography as default } from '@mui/material';
