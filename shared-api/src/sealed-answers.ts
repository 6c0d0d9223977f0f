/**
 * Unsent answers on a shared computer: when the student signs out (or someone else signs in) before they reach the
 * server, they are sealed for the server alone and the plaintext goes. Any later online page load on this browser,
 * whoever is signed in, hands the sealed copy to the public delivery route, which checks the ticket inside it.
 *
 * Envelope: a fresh AES-256-GCM key encrypts the answers and their delivery ticket; RSA-OAEP-2048/SHA-256 wraps that
 * key with the server's public key. The key id, kind and item id travel in clear and are authenticated (GCM's
 * additional data), so the server knows which key and sheet to use without trusting them blindly.
 */
import type { Static } from 'typebox';
import type { deliverySchema } from '@kelasku/shared-rules/src/wire/assessments';
import {
  sealedAdditionalDataText,
  type SealedEnvelope,
  type WorkKind,
} from '@kelasku/shared-rules/src/sealed-envelope';
import { SEALED_PREFIX, USER_KEY_PREFIXES } from './device-data';

export type { SealedEnvelope, WorkKind };

/** What the server issues with an exam or exercise read (`delivery`): enough to seal answers for it later. */
export type Delivery = Static<typeof deliverySchema>;

type Changes = Record<string, { answer: string; at: number }>;

/** The additional data both sides authenticate: the clear fields of the envelope. */
export function sealedAdditionalData(keyId: string, kind: WorkKind, itemId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(sealedAdditionalDataText(keyId, kind, itemId));
}

const deliveryKey = (kind: WorkKind, itemId: number) => `${USER_KEY_PREFIXES.deliveries}${kind}:${itemId}`;

/** The `delivery` of an exam or exercise read, when the server sent one (students only). */
export function keepDeliveryOf(item: unknown, storage: Storage = localStorage): void {
  const delivery = item && typeof item === 'object' ? (item as { delivery?: Delivery }).delivery : undefined;
  if (delivery && typeof delivery.ticket === 'string' && Number.isInteger(delivery.item_id))
    keepDelivery(delivery, storage);
}

/** Kept while the session lives (wiped with the user's data; after sealing it exists only inside the ciphertext). */
export function keepDelivery(delivery: Delivery | null | undefined, storage: Storage = localStorage): void {
  if (!delivery) return;
  try {
    storage.setItem(deliveryKey(delivery.kind, delivery.item_id), JSON.stringify(delivery));
  } catch {
    // storage full: without a ticket, sign-out waits for the connection instead
  }
}

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

interface PendingAnswers {
  kind: WorkKind;
  itemId: number | null;
  changes: Changes;
}

/** Unsent answers kept by the answer queue: `kelasku:answers:<kind>:<sheet>` (item in the entry) or `…:early:<item>:<student>`. */
function pendingAnswers(storage: Storage): { key: string; pending: PendingAnswers }[] {
  const found: { key: string; pending: PendingAnswers }[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(USER_KEY_PREFIXES.answers)) continue;
    const parts = key.slice(USER_KEY_PREFIXES.answers.length).split(':');
    const kind = parts[0];
    if (kind !== 'exam' && kind !== 'exercise') continue;
    const stored = readJson<{ pending?: boolean; changes?: Changes; item_id?: number }>(storage, key);
    if (!stored?.pending || !stored.changes || Object.keys(stored.changes).length === 0) continue;
    const itemId = parts[1] === 'early' ? Number(parts[2]) : stored.item_id;
    found.push({
      key,
      pending: { kind, itemId: Number.isInteger(itemId) ? (itemId as number) : null, changes: stored.changes },
    });
  }
  return found;
}

const subtleCrypto = (): SubtleCrypto | undefined => globalThis.crypto?.subtle;

/** Unsent answers can all be sealed: WebCrypto is there (not on plain http) and each has its delivery ticket. */
export function canSealAnswers(
  storage: Storage = localStorage,
  subtle: SubtleCrypto | undefined = subtleCrypto(),
): boolean {
  const pending = pendingAnswers(storage);
  if (pending.length === 0) return true;
  return (
    Boolean(subtle) &&
    pending.every(
      ({ pending: p }) => p.itemId !== null && readJson<Delivery>(storage, deliveryKey(p.kind, p.itemId)) !== null,
    )
  );
}

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = '';
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text);
};
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Seals one item's changes with its delivery ticket for the server's key. */
export async function sealAnswers(delivery: Delivery, changes: Changes, subtle: SubtleCrypto): Promise<SealedEnvelope> {
  const publicKey = await subtle.importKey(
    'spki',
    fromBase64(delivery.public_key),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const { kind, item_id, student_id, nonce, ticket, key_id } = delivery;
  const plaintext = new TextEncoder().encode(JSON.stringify({ kind, item_id, student_id, nonce, ticket, changes }));
  const data = await subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: sealedAdditionalData(key_id, kind, item_id) },
    aesKey,
    plaintext,
  );
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, await subtle.exportKey('raw', aesKey));
  return { key_id, kind, item_id, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) };
}

/**
 * Seals every unsent answer kept on this browser (one envelope per item, the later change of a question winning) and
 * deletes the plaintext. Answers without a ticket or without WebCrypto cannot be sealed: they are left for the wipe
 * (sign-out is not offered for them, see canSealAnswers).
 */
export async function sealUnsentAnswers(
  storage: Storage = localStorage,
  subtle: SubtleCrypto | undefined = subtleCrypto(),
): Promise<number> {
  const byItem = new Map<string, { delivery: Delivery; changes: Changes; keys: string[] }>();
  for (const { key, pending } of pendingAnswers(storage)) {
    if (pending.itemId === null) continue;
    const delivery = readJson<Delivery>(storage, deliveryKey(pending.kind, pending.itemId));
    if (!delivery) continue;
    const group = byItem.get(deliveryKey(pending.kind, pending.itemId)) ?? { delivery, changes: {}, keys: [] };
    for (const [n, change] of Object.entries(pending.changes))
      if (!group.changes[n] || change.at > group.changes[n].at) group.changes[n] = change;
    group.keys.push(key);
    byItem.set(deliveryKey(pending.kind, pending.itemId), group);
  }
  if (!subtle) return 0;
  let sealed = 0;
  for (const [key, { delivery, changes, keys }] of byItem) {
    const envelope = await sealAnswers(delivery, changes, subtle);
    storage.setItem(`${SEALED_PREFIX}${delivery.kind}:${delivery.item_id}:${delivery.nonce}`, JSON.stringify(envelope));
    keys.forEach((k) => storage.removeItem(k));
    storage.removeItem(key);
    sealed += 1;
  }
  return sealed;
}

/**
 * Hands every sealed envelope kept on this browser to the delivery route (no token: whoever is signed in now is not
 * the author). An envelope goes once the server has answered for it (accepted, or refused for good); it stays when
 * there is no answer, the server is busy (429, 5xx) or the connection fails.
 */
export async function deliverSealedAnswers(
  apiBase: string,
  storage: Storage = localStorage,
  send: typeof fetch = fetch,
): Promise<number> {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(SEALED_PREFIX)) keys.push(key);
  }
  let delivered = 0;
  for (const key of keys) {
    const body = storage.getItem(key);
    if (!body) continue;
    try {
      const response = await send(`${apiBase}/sealed-answers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        credentials: 'omit',
      });
      if (response.status === 204) delivered += 1;
      const retryLater = response.status === 408 || response.status === 429 || response.status >= 500;
      if (!retryLater) storage.removeItem(key);
    } catch {
      return delivered; // offline: the next page load tries again
    }
  }
  return delivered;
}
