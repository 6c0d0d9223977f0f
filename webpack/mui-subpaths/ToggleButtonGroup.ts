// Alias target of '@mui/material/ToggleButtonGroup' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { ToggleButtonGroup as default } from '@mui/material';
