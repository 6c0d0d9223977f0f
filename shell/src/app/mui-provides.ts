// The shell *provides* (never loads by itself) the @mui/material subpaths that remotes' libraries import by path
// (@mui/icons-material: SvgIcon; the rest were for @mui/x-charts, since removed, and no remote imports them now —
// the remotes' mf-manifest.json lists only SvgIcon among the subpaths). The builds alias each to a tiny
// re-export of the shared barrel (webpack/federation.ts MUI_SUBPATHS), so remotes reuse the MUI already loaded
// instead of downloading copies of its internals. Webpack turns each import() below into a provided shared module;
// the function itself is never called. Keep the list in step with MUI_SUBPATHS.
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
