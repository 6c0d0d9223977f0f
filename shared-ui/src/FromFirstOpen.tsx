import { Suspense, useState, type ReactNode } from 'react';

/**
 * A code-split dialog or menu (`children`), rendered from its first open on: mounted closed, it would load its code
 * with the screen. Kept mounted once opened, so its closing transition plays.
 */
export function FromFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
