import { getToken, saveSession } from '@kelasku/shared-api';
import { fakeToken } from '../test/session';
import { needsRenewal, startSessionKeeper } from './session-keeper';

const HOUR = 3600;

describe('needsRenewal', () => {
  const iat = 1_000_000;
  const claims = { iat, exp: iat + 24 * HOUR };
  it('renews a token past half of its lifetime, not before', () => {
    expect(needsRenewal(claims, (iat + 11 * HOUR) * 1000)).toBe(false);
    expect(needsRenewal(claims, (iat + 12 * HOUR) * 1000)).toBe(true);
    expect(needsRenewal(claims, (iat + 24 * HOUR - 1) * 1000)).toBe(true);
  });
  it('leaves an expired token to a new sign-in', () => {
    expect(needsRenewal(claims, (iat + 24 * HOUR) * 1000)).toBe(false);
  });
  it('takes the usual lifetime when the token has no iat', () => {
    expect(needsRenewal({ exp: iat + 11 * HOUR }, iat * 1000)).toBe(true);
    expect(needsRenewal({ exp: iat + 13 * HOUR }, iat * 1000)).toBe(false);
  });
});

describe('startSessionKeeper', () => {
  const nowS = Math.floor(Date.now() / 1000);
  const oldToken = fakeToken({ user_id: 4, role: 'student', iat: nowS - 20 * HOUR, exp: nowS + 4 * HOUR });
  const freshToken = fakeToken({ user_id: 4, role: 'student', iat: nowS, exp: nowS + 24 * HOUR });
  let target: EventTarget;
  let stop: () => void;
  const flush = () => new Promise((r) => setTimeout(r, 0));

  beforeEach(() => {
    localStorage.clear();
    target = new EventTarget();
  });
  afterEach(() => stop?.());

  it('renews on activity once the token is past half its life, and stores the fresh token', async () => {
    saveSession(oldToken, '2024100001');
    const renew = jest.fn(async () => ({ token: freshToken }));
    stop = startSessionKeeper({ target, renew });
    expect(renew).not.toHaveBeenCalled(); // no activity, no renewal
    target.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(renew).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe(freshToken);
    target.dispatchEvent(new Event('keydown'));
    await flush();
    expect(renew).toHaveBeenCalledTimes(1); // the fresh token is young
  });

  it('does nothing for a young token, and tries again only after a pause when renewing fails', async () => {
    saveSession(freshToken);
    const renew = jest.fn(async (): Promise<{ token: string }> => {
      throw new Error('offline');
    });
    let now = Date.now();
    stop = startSessionKeeper({ target, renew, now: () => now, retryGapMs: 60_000 });
    target.dispatchEvent(new Event('input'));
    expect(renew).not.toHaveBeenCalled();

    saveSession(oldToken);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    target.dispatchEvent(new Event('pointerdown'));
    await flush();
    target.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(renew).toHaveBeenCalledTimes(1);
    now += 61_000;
    target.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(renew).toHaveBeenCalledTimes(2);
    expect(getToken()).toBe(oldToken);
  });

  it('keeps a sign-in made while renewing (the renewed token of the old session is not stored over it)', async () => {
    saveSession(oldToken);
    let answer: (value: { token: string }) => void = () => undefined;
    stop = startSessionKeeper({ target, renew: () => new Promise((r) => (answer = r)) });
    target.dispatchEvent(new Event('pointerdown'));
    const other = fakeToken({ user_id: 9, role: 'teacher', exp: nowS + HOUR });
    saveSession(other);
    answer({ token: freshToken });
    await flush();
    expect(getToken()).toBe(other);
  });
});
