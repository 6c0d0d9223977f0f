/**
 * Answers sealed on a shared computer (shared-api sealed-answers.ts seals, the server's answer-delivery.ts opens):
 * the envelope both sides agree on, and the additional data both authenticate — its clear fields.
 */
export type WorkKind = 'exam' | 'exercise';

/** What the delivery route receives (all binary fields base64). */
export interface SealedEnvelope {
  key_id: string;
  kind: WorkKind;
  item_id: number;
  /** The AES key wrapped with RSA-OAEP. */
  key: string;
  iv: string;
  data: string;
}

/** The text of the AES-GCM additional data (UTF-8 encoded by each side). */
export const sealedAdditionalDataText = (keyId: string, kind: WorkKind, itemId: number) =>
  `kelasku-sealed-answers|${keyId}|${kind}|${itemId}`;
