import { canSealAnswers, unsentWork, type UnsentWork } from '@kelasku/shared-api';

/** What a sign-out now would leave behind (no MUI here: the first screens import it, the warning itself is lazy). */
export interface UnsentNow extends UnsentWork {
  /** Unsent answers can be sealed for later delivery (WebCrypto here, and a delivery ticket for each). */
  sealable: boolean;
}

export function unsentWorkNow(userId: number | undefined): UnsentNow {
  const work = unsentWork(userId);
  return { ...work, sealable: work.answers === 0 || canSealAnswers() };
}

/**
 * The warning dialog's chunk. Not on the first screens; the screens where work can be left unsent (answer sheets,
 * draft forms) load it as they open, so it can still show once the connection is gone.
 */
export const loadSignOutWarning = () => import('./SignOutWarning');

export function preloadSignOutWarning(): void {
  loadSignOutWarning().catch(() => undefined); // offline now: the next screen that opens tries again
}
