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
