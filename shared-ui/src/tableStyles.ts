/**
 * The Action column of a wide table stays in view while the table scrolls sideways on a phone: it sticks to the right
 * edge, on the paper's background, with a shadow where the other columns pass under it.
 */
export const stickyActionSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: '-4px 0 6px -4px rgba(0,0,0,0.25)',
} as const;
