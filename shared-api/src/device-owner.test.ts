import { CACHE_NAMES, DEVICE_USER_KEY } from './device-data';
import { claimDevice, deviceUserMark, signOutDevice, unsentWork } from './device-owner';

/** Cache Storage as the service worker leaves it: caches by name, each holding requests by URL. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, string>>();
  put(name: string, url: string, body: string) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    this.stores.get(name)!.set(url, body);
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async has(name: string) {
    return this.stores.has(name);
  }
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const store = this.stores.get(name)!;
    return {
      keys: async () => [...store.keys()].map((url) => ({ url })),
      delete: async (request: { url: string }) => store.delete(request.url),
    };
  }
  asCacheStorage() {
    return this as unknown as CacheStorage;
  }
}

const A = { user_id: 7, role: 'student', display_name: 'Siswa A', student_id: 3 };
const B = { user_id: 8, role: 'student', display_name: 'Siswa B', student_id: 4 };
const ORIGIN = 'http://localhost';

/** What A leaves on a lab computer when the session ends without a sign-out (the dialog, expiry, a closed browser). */
function leaveSessionOf(caches: FakeCaches) {
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('userData', JSON.stringify(A));
  localStorage.setItem('kelasku:username', '2024100001');
  localStorage.setItem('kelasku:draft:7:edit-exam:5', JSON.stringify({ content: { '1_answer': 'b' } }));
  localStorage.setItem(
    'kelasku:answers:exam:12',
    JSON.stringify({ answers: { '1': 'b' }, changes: { '1': { answer: 'b', at: 1 } }, pending: true, updatedAt: 1 }),
  );
  localStorage.setItem('kelasku.seen.3', JSON.stringify({ classes: {}, materials: [] }));
  localStorage.setItem('kelasku:language', 'id');
  caches.put(CACHE_NAMES.reads, `${ORIGIN}/api/v1/exams-answers?exam_id=5&__kelasku_user=7`, '[{"answers":{"1":"b"}}]');
  caches.put(CACHE_NAMES.files, `${ORIGIN}/api/v1/images/${'a'.repeat(64)}.png`, 'picture of the exam');
  caches.put(CACHE_NAMES.files, `${ORIGIN}/main.js`, 'the app');
}

const storedKeys = () => Object.keys({ ...localStorage }).sort();

beforeEach(() => localStorage.clear());

describe('a shared browser', () => {
  it('wipes what the previous user left when somebody else signs in, however their session ended', async () => {
    const caches = new FakeCaches();
    leaveSessionOf(caches);
    localStorage.setItem(DEVICE_USER_KEY, deviceUserMark(A));

    expect(await claimDevice(B, { cacheStorage: caches.asCacheStorage() })).toBe(true);

    expect(storedKeys()).toEqual([DEVICE_USER_KEY, 'kelasku:language']);
    expect(localStorage.getItem(DEVICE_USER_KEY)).toBe(deviceUserMark(B));
    expect(caches.stores.has(CACHE_NAMES.reads)).toBe(false);
    // the app's own files stay (the next user needs them offline too); the pictures A read go
    expect([...caches.stores.get(CACHE_NAMES.files)!.keys()]).toEqual([`${ORIGIN}/main.js`]);
  });

  it('keeps everything when the same user signs in again (an exam still reloads offline)', async () => {
    const caches = new FakeCaches();
    leaveSessionOf(caches);
    localStorage.setItem(DEVICE_USER_KEY, deviceUserMark(A));
    const before = { ...localStorage };

    expect(await claimDevice(A, { cacheStorage: caches.asCacheStorage() })).toBe(false);

    expect({ ...localStorage }).toEqual(before);
    expect(caches.stores.get(CACHE_NAMES.reads)?.size).toBe(1);
  });

  it('knows the previous user from the stored session on a browser that kept no mark yet', async () => {
    const caches = new FakeCaches();
    leaveSessionOf(caches);
    expect(await claimDevice(A, { cacheStorage: caches.asCacheStorage() })).toBe(false);
    localStorage.removeItem(DEVICE_USER_KEY);
    expect(await claimDevice(B, { cacheStorage: caches.asCacheStorage() })).toBe(true);
    expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).toBeNull();
  });

  it('the mark does not say who it was', () => {
    const mark = deviceUserMark(A);
    expect(mark).not.toBe('7');
    expect(mark).not.toContain('student');
    expect(mark).toMatch(/^[0-9a-f]{6,}$/);
    expect(deviceUserMark(B)).not.toBe(mark);
    expect(deviceUserMark({ user_id: 7, role: 'teacher' })).not.toBe(mark);
  });

  it('signing out leaves nothing of the user: session, drafts, kept reads, pictures (seals unsent answers first)', async () => {
    const caches = new FakeCaches();
    leaveSessionOf(caches);
    const order: string[] = [];
    await signOutDevice({
      cacheStorage: caches.asCacheStorage(),
      beforeWipe: async () => {
        order.push(
          localStorage.getItem('kelasku:answers:exam:12') ? 'sealed while the answers were there' : 'too late',
        );
      },
    });
    expect(order).toEqual(['sealed while the answers were there']);
    expect(storedKeys()).toEqual(['kelasku:language']);
    expect(caches.stores.has(CACHE_NAMES.reads)).toBe(false);
  });

  it('a failing seal or cache never stops the wipe', async () => {
    const caches = new FakeCaches();
    leaveSessionOf(caches);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { delete: () => Promise.reject(new Error('quota')) } as unknown as CacheStorage;
    await claimDevice(B, { cacheStorage: broken, beforeWipe: () => Promise.reject(new Error('no key')) });
    expect(storedKeys()).toEqual([DEVICE_USER_KEY, 'kelasku:language']);
  });

  it("counts the user's unsaved drafts and unsent answers (not other users' drafts, not answers already sent)", () => {
    localStorage.setItem('kelasku:draft:7:edit-exam:5', '{}');
    localStorage.setItem('kelasku:draft:9:edit-exam:5', '{}');
    localStorage.setItem(
      'kelasku:answers:exam:12',
      JSON.stringify({ answers: { '1': 'b' }, changes: { '1': { answer: 'b', at: 1 } }, pending: true }),
    );
    localStorage.setItem('kelasku:answers:exam:13', JSON.stringify({ answers: { '1': 'b' }, pending: false }));
    localStorage.setItem('kelasku:answers:exercise:early:4:3', 'not json');
    expect(unsentWork(7)).toEqual({ drafts: 1, answers: 1 });
    expect(unsentWork(undefined)).toEqual({ drafts: 0, answers: 1 });
  });
});
