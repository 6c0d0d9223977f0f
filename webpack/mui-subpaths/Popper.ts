// Alias target of '@mui/material/Popper' (see ../federation.ts muiSubpathAliases).
export * from '@mui/material';
export { Popper as default } from '@mui/material';
