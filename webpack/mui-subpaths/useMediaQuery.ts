// Alias target of '@mui/material/useMediaQuery' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { useMediaQuery as default } from '@mui/material';
