// Alias target of '@mui/material/ToggleButton' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { ToggleButton as default } from '@mui/material';
