// Alias target of '@mui/material/NoSsr' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { NoSsr as default } from '@mui/material';
