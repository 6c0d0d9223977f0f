import { cloneElement, useState, useSyncExternalStore, type ReactElement, type SyntheticEvent } from 'react';
import { afterUsable } from '@kelasku/shared-rules/src/usable-mark';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';

// MUI's tooltip comes once the screen is usable: with its popper and transition it is four files (~13 KB), and a hint
// shows only on hover or focus, never to show the list.
const Tooltip = preloadable(() => import('@mui/material/Tooltip').then((m) => m.default));

const waiting = new Set<() => void>();
let requested = false;

/** Registers a hint waiting for the tooltip; the first one asks for its code, once the screen is usable. */
function subscribe(notify: () => void): () => void {
  waiting.add(notify);
  if (!requested) {
    requested = true;
    afterUsable(() => {
      Tooltip.preload().then(
        () => waiting.forEach((waiter) => waiter()),
        () => (requested = false), // offline: the next hint shown asks again
      );
    });
  }
  return () => waiting.delete(notify);
}

const isTooltipLoaded = () => Tooltip.isLoaded();

/** Loads MUI's tooltip now (tests: the rows then show their hints from the start). */
export const preloadHints = (): Promise<void> => Tooltip.preload();

type Handler = (event: SyntheticEvent) => void;
type ButtonElement = ReactElement<{
  onPointerEnter?: Handler;
  onMouseLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
}>;

/**
 * MUI's Tooltip with `hint` around `children` (a button with its own aria-label), from the moment its code is in:
 * until then the button alone, which looks and reads the same. The button is mounted again inside the tooltip, so not
 * while the pointer or the focus is on it: a click or a key press on the old one would be lost.
 */
export function HintTooltip({ hint, children }: { hint: string; children: ButtonElement }) {
  const loaded = useSyncExternalStore(subscribe, isTooltipLoaded, () => false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [wrapped, setWrapped] = useState(loaded);
  if (loaded && !wrapped && !hovered && !focused) setWrapped(true);
  if (wrapped) return <Tooltip title={hint}>{children}</Tooltip>;
  const { onPointerEnter, onMouseLeave, onFocus, onBlur } = children.props;
  // In use from the pointer's arrival (a finger's too) until the mouse leaves: a tap sends no mouseleave before its click.
  return cloneElement(children, {
    onPointerEnter: (event: SyntheticEvent) => {
      setHovered(true);
      onPointerEnter?.(event);
    },
    onMouseLeave: (event: SyntheticEvent) => {
      setHovered(false);
      onMouseLeave?.(event);
    },
    onFocus: (event: SyntheticEvent) => {
      setFocused(true);
      onFocus?.(event);
    },
    onBlur: (event: SyntheticEvent) => {
      setFocused(false);
      onBlur?.(event);
    },
  });
}
