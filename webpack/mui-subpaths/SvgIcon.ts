// Alias target of '@mui/material/SvgIcon' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { SvgIcon as default } from '@mui/material';
