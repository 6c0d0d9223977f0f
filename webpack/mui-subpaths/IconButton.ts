// Alias target of '@mui/material/IconButton' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { IconButton as default } from '@mui/material';
