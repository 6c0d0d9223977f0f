import { webcrypto } from 'node:crypto';
import {
  canSealAnswers,
  deliverSealedAnswers,
  keepDeliveryOf,
  sealedAdditionalData,
  sealUnsentAnswers,
  type Delivery,
  type SealedEnvelope,
} from './sealed-answers';

// The browser side of sealing (the server side: server/src/routes/sealed-answers). Node's WebCrypto stands in for the
// browser's (jsdom has none), with a key pair made here in place of the server's.
const subtle = webcrypto.subtle as unknown as SubtleCrypto;
let privateKey: CryptoKey;
let publicKey: string;

beforeAll(async () => {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  privateKey = pair.privateKey;
  publicKey = Buffer.from(await subtle.exportKey('spki', pair.publicKey)).toString('base64');
});
beforeEach(() => localStorage.clear());

const delivery = (item_id: number): Delivery => ({
  kind: 'exam',
  item_id,
  student_id: 4,
  nonce: `nonce-${item_id}`,
  ticket: `ticket-${item_id}`,
  key_id: '0123456789abcdef',
  public_key: publicKey,
});

/** What the server does with an envelope: unwrap the AES key, then open the data with the clear fields as additional data. */
async function open(envelope: SealedEnvelope): Promise<unknown> {
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, Buffer.from(envelope.key, 'base64'));
  const key = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: Buffer.from(envelope.iv, 'base64'),
      additionalData: sealedAdditionalData(envelope.key_id, envelope.kind, envelope.item_id),
    },
    key,
    Buffer.from(envelope.data, 'base64'),
  );
  return JSON.parse(Buffer.from(plain).toString('utf8'));
}

const sealedEntries = () =>
  (Object.entries({ ...localStorage }) as [string, string][]).filter(([k]) => k.startsWith('kelasku:sealed:'));

it('seals every unsent answer with its ticket (one envelope per item, the later change winning) and deletes the plaintext', async () => {
  keepDeliveryOf({ id: 5, title: 'UTS', delivery: delivery(5) });
  localStorage.setItem(
    'kelasku:answers:exam:12',
    JSON.stringify({
      answers: { '1': 'b' },
      changes: { '1': { answer: 'b', at: 100 }, '2': { answer: 'Essai rahasia', at: 100 } },
      pending: true,
      item_id: 5,
    }),
  );
  localStorage.setItem(
    'kelasku:answers:exam:early:5:4',
    JSON.stringify({ answers: {}, changes: { '1': { answer: 'c', at: 200 } }, pending: true }),
  );
  expect(canSealAnswers(localStorage, subtle)).toBe(true);

  expect(await sealUnsentAnswers(localStorage, subtle)).toBe(1);

  const stored = JSON.stringify({ ...localStorage });
  expect(stored).not.toContain('Essai rahasia');
  expect(stored).not.toContain('ticket-5');
  expect(localStorage.getItem('kelasku:answers:exam:12')).toBeNull();
  expect(localStorage.getItem('kelasku:delivery:exam:5')).toBeNull();
  const [[, raw]] = sealedEntries();
  const envelope = JSON.parse(raw) as SealedEnvelope;
  expect(envelope).toMatchObject({ key_id: '0123456789abcdef', kind: 'exam', item_id: 5 });
  expect(await open(envelope)).toEqual({
    kind: 'exam',
    item_id: 5,
    student_id: 4,
    nonce: 'nonce-5',
    ticket: 'ticket-5',
    changes: { '1': { answer: 'c', at: 200 }, '2': { answer: 'Essai rahasia', at: 100 } },
  });
  // the clear fields are bound to the ciphertext
  await expect(open({ ...envelope, item_id: 6 })).rejects.toThrow();
});

it('cannot seal answers without their ticket, or without WebCrypto (plain http): they are left as they are', async () => {
  localStorage.setItem(
    'kelasku:answers:exam:12',
    JSON.stringify({ answers: { '1': 'b' }, changes: { '1': { answer: 'b', at: 1 } }, pending: true, item_id: 5 }),
  );
  expect(canSealAnswers(localStorage, subtle)).toBe(false);
  keepDeliveryOf({ delivery: delivery(5) });
  expect(canSealAnswers(localStorage, undefined)).toBe(false);
  expect(await sealUnsentAnswers(localStorage, undefined)).toBe(0);
  expect(localStorage.getItem('kelasku:answers:exam:12')).not.toBeNull();
  expect(canSealAnswers(localStorage, subtle)).toBe(true);
});

it('delivers each sealed envelope once the server has answered for it; keeps it while offline, busy or failing', async () => {
  localStorage.setItem('kelasku:sealed:exam:5:a', '{"n":"accepted"}');
  localStorage.setItem('kelasku:sealed:exam:5:b', '{"n":"refused"}');
  localStorage.setItem('kelasku:sealed:exam:5:c', '{"n":"busy"}');
  const statuses: Record<string, number> = { accepted: 204, refused: 409, busy: 503 };
  const sent: { url: string; init: RequestInit }[] = [];
  const send = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return { status: statuses[(JSON.parse(init.body as string) as { n: string }).n] } as Response;
  }) as unknown as typeof fetch;
  expect(await deliverSealedAnswers('/api/v1', localStorage, send)).toBe(1);
  expect(sealedEntries().map(([k]) => k)).toEqual(['kelasku:sealed:exam:5:c']);
  expect(sent[0]).toMatchObject({ url: '/api/v1/sealed-answers', init: { method: 'POST', credentials: 'omit' } });
  expect(sent[0].init.headers).toEqual({ 'Content-Type': 'application/json' }); // no token: the page's user is not the author

  const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
  expect(await deliverSealedAnswers('/api/v1', localStorage, offline)).toBe(0);
  expect(sealedEntries()).toHaveLength(1);
});
