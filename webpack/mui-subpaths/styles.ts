// Alias target of '@mui/material/styles' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
