import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

/**
 * The phone's sidebar as a modal drawer (focus kept inside, Escape and the backdrop close it). Loaded on the first
 * open: its modal parts (portal, focus trap, backdrop, slide) are no part of any first screen.
 */
export function PhoneDrawer({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      slotProps={{ paper: { sx: { width, border: 0 } } }}
    >
      {children}
    </Drawer>
  );
}
