import { useState, type MouseEvent, type ReactNode } from 'react';
import { FromFirstOpen } from '@kelasku/shared-ui/src/FromFirstOpen';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';

/** One entry of a button's menu: a link, or an action (`destructive`: in red, e.g. Delete). */
export type MenuEntry = { label: string; to: string } | { label: string; onSelect: () => void; destructive?: boolean };

// Loaded on the first open: MUI's menu is in its form chunk and brings the popover's modal parts (the dialog chunk) and
// its Grow transition, none of which a list needs before it shows. Its code starts as a finger or focus reaches a
// menu button, so the menu opens promptly.
const PopupMenu = preloadable(() => import('../components/PopupMenu').then((m) => m.PopupMenu));
const preloadMenu = () => void PopupMenu.preload().catch(() => undefined); // offline: the open tries again

/** What the button that opens the menu carries: its ARIA state, the open, and the early start of the menu's code. */
export interface MenuButtonProps {
  'aria-controls': string | undefined;
  'aria-haspopup': 'true';
  'aria-expanded': 'true' | undefined;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onPointerDown: () => void;
  onFocus: () => void;
}

/**
 * A button's menu of `entries` (spread `button` on the button, render `menu` anywhere): mounted from its first open
 * on, so its closing transition plays.
 */
export function usePopupMenu(menuId: string, entries: MenuEntry[]): { button: MenuButtonProps; menu: ReactNode } {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button: MenuButtonProps = {
    'aria-controls': anchor ? menuId : undefined,
    'aria-haspopup': 'true',
    'aria-expanded': anchor ? 'true' : undefined,
    onClick: (event) => setAnchor(event.currentTarget),
    onPointerDown: preloadMenu,
    onFocus: preloadMenu,
  };
  const menu = (
    <FromFirstOpen open={anchor !== null}>
      <PopupMenu id={menuId} anchor={anchor} entries={entries} onClose={() => setAnchor(null)} />
    </FromFirstOpen>
  );
  return { button, menu };
}
