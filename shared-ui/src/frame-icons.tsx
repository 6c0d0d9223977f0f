// The frame's four icons as plain SVG (Material icons' paths): @mui/icons-material's SvgIcon styles each one with
// emotion at run time, on every signed-in screen.
const PATHS = {
  menu: 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z',
  expandLess: 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z',
  expandMore: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
  logout: 'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z',
} as const;

/** A decorative icon (its button or link carries the name); `small` is 20 px instead of 24. */
export function FrameIcon({ name, small }: { name: keyof typeof PATHS; small?: boolean }) {
  return (
    <svg
      className={small ? 'kk-icon kk-icon-small' : 'kk-icon'}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
