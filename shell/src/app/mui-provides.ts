// The shell *provides* (never loads by itself) the @mui/material subpaths that remotes' libraries import by path
// (@mui/x-charts imports '@mui/material/styles', Popper, ToggleButton…). Without this, each remote would download
// its own copy of those (~45 KB gzip measured on the chart dashboards), because only the shell's barrel was shared.
// Webpack turns each import() below into a provided shared module; the function itself is never called.
export function muiSubpathsForRemotes() {
  return [
    import('@mui/material/styles'),
    import('@mui/material/utils'),
    import('@mui/material/Typography'),
    import('@mui/material/useMediaQuery'),
    import('@mui/material/Button'),
    import('@mui/material/IconButton'),
    import('@mui/material/Popper'),
    import('@mui/material/ToggleButton'),
    import('@mui/material/ToggleButtonGroup'),
    import('@mui/material/SvgIcon'),
    import('@mui/material/NoSsr'),
  ];
}
