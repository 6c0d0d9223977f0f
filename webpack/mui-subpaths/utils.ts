// Alias target of '@mui/material/utils' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
