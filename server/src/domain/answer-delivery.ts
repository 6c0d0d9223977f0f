/**
 * Sealed answers (a student signed out on a shared computer before the answers reached us; shared-api
 * sealed-answers.ts seals them in the browser). Two secrets, the same on every node:
 * - the delivery key, RSA-2048: its public half goes out with every exam or exercise read; its private half opens
 *   the AES-256-GCM key each envelope carries (RSA-OAEP with SHA-256);
 * - the ticket secret (derived from the JWT secret): a ticket is HMAC-SHA-256 over (kind, item, student, nonce),
 *   issued with the read, so a sealed envelope can only carry answers of the student the read was for.
 */
import crypto, { type KeyObject } from 'node:crypto';
import type { Static } from 'typebox';
import {
  sealedAdditionalDataText,
  type SealedEnvelope,
  type WorkKind,
} from '@kelasku/shared-rules/src/sealed-envelope';
import type { deliverySchema } from '@kelasku/shared-rules/src/wire/assessments';

export type { SealedEnvelope, WorkKind };

export interface DeliveryKeys {
  /** The first 16 hex digits of the SHA-256 of the public key (SPKI DER): names the key an envelope was sealed for. */
  keyId: string;
  /** SPKI DER, base64: what the browser imports. */
  publicKey: string;
  privateKey: KeyObject;
  ticketSecret: Buffer;
}

/** What goes out with a student's read of an exam or exercise. */
export type Delivery = Static<typeof deliverySchema>;

export interface SealedAnswers {
  kind: WorkKind;
  item_id: number;
  student_id: number;
  nonce: string;
  changes: Record<string, { answer: string; at: number }>;
}

export class SealedError extends Error {}

/** From a PKCS#8 (or PKCS#1) PEM of an RSA-2048 private key and the JWT secret. */
export function deliveryKeys(privateKeyPem: string, jwtSecret: string): DeliveryKeys {
  const privateKey = crypto.createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'rsa' || privateKey.asymmetricKeyDetails?.modulusLength !== 2048) {
    throw new RangeError('The answers delivery key must be an RSA-2048 private key (PEM)');
  }
  const spki = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return {
    keyId: crypto.createHash('sha256').update(spki).digest('hex').slice(0, 16),
    publicKey: spki.toString('base64'),
    privateKey,
    ticketSecret: crypto.createHmac('sha256', jwtSecret).update('kelasku answers delivery ticket').digest(),
  };
}

export function generateDeliveryKeyPem(): string {
  return crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

function ticketOf(keys: DeliveryKeys, kind: WorkKind, itemId: number, studentId: number, nonce: string): Buffer {
  return crypto.createHmac('sha256', keys.ticketSecret).update(`${kind}|${itemId}|${studentId}|${nonce}`).digest();
}

export function issueDelivery(keys: DeliveryKeys, kind: WorkKind, itemId: number, studentId: number): Delivery {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return {
    kind,
    item_id: itemId,
    student_id: studentId,
    nonce,
    ticket: ticketOf(keys, kind, itemId, studentId, nonce).toString('base64url'),
    key_id: keys.keyId,
    public_key: keys.publicKey,
  };
}

/** The additional data the browser authenticated (shared-api sealed-answers.ts `sealedAdditionalData`). */
const additionalData = (keyId: string, kind: WorkKind, itemId: number) =>
  Buffer.from(sealedAdditionalDataText(keyId, kind, itemId));

const GCM_TAG_BYTES = 16;

/**
 * Opens an envelope and checks its ticket. Throws SealedError when anything does not hold: another key, a wrapped key
 * or ciphertext that does not open, clear fields that differ from the sealed ones, a ticket that is not ours.
 */
export function openEnvelope(keys: DeliveryKeys, envelope: SealedEnvelope): SealedAnswers {
  if (envelope.key_id !== keys.keyId) throw new SealedError('sealed for another key');
  let plaintext: string;
  try {
    const aesKey = crypto.privateDecrypt(
      { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(envelope.key, 'base64'),
    );
    const data = Buffer.from(envelope.data, 'base64');
    if (aesKey.length !== 32 || data.length < GCM_TAG_BYTES) throw new SealedError('malformed');
    const decipher = crypto.createDecipheriv('aes-256-gcm', aesKey, Buffer.from(envelope.iv, 'base64'));
    decipher.setAAD(additionalData(envelope.key_id, envelope.kind, envelope.item_id));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    plaintext = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SealedError('does not open');
  }
  let sealed: Partial<SealedAnswers> & { ticket?: unknown };
  try {
    sealed = JSON.parse(plaintext) as typeof sealed;
  } catch {
    throw new SealedError('not JSON');
  }
  const { kind, item_id, student_id, nonce, ticket, changes } = sealed;
  if (kind !== envelope.kind || item_id !== envelope.item_id) throw new SealedError('clear fields differ');
  if (
    !Number.isSafeInteger(student_id) ||
    typeof nonce !== 'string' ||
    typeof ticket !== 'string' ||
    !changes ||
    typeof changes !== 'object'
  ) {
    throw new SealedError('incomplete');
  }
  const expected = ticketOf(keys, kind, item_id, student_id!, nonce);
  const given = Buffer.from(ticket, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw new SealedError('not our ticket');
  return { kind, item_id, student_id: student_id!, nonce, changes };
}
