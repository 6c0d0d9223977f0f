import type { SxProps, Theme } from '@mui/material/styles';

/** One entry of an `sx` list: a style object, a function of the theme, or a condition's `false`. */
type SxItem = Extract<SxProps<Theme>, ReadonlyArray<unknown>>[number];

/**
 * A component's `sx` prop as a list, placed after the component's own styles so that the caller's win (MUI merges an
 * `sx` list in order): `sx={[ownStyles, ...sxItems(sx)]}`.
 */
export function sxItems(sx: SxProps<Theme> | undefined): readonly SxItem[] {
  if (sx === undefined) return [];
  // Array.isArray narrows a readonly array to any[]: say what its items are
  return Array.isArray(sx) ? (sx as readonly SxItem[]) : [sx as SxItem];
}
