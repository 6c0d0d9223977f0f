/** Mint the server's tokens directly (HS256 with the JWT_SECRET the benchmark gave the server), skipping scrypt logins. */
import crypto from 'node:crypto';

export const BENCH_JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export function mintToken(claims: Record<string, unknown>, secret = BENCH_JWT_SECRET, ttlSeconds = 6 * 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = enc({ alg: 'HS256', typ: 'JWT' });
  const body = enc({ ...claims, iat: now, exp: now + ttlSeconds });
  const sig = crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export function studentToken(s: { userId: number; id: number; nis: string; name: string }): string {
  return mintToken({
    user_id: s.userId,
    email: `${s.nis.toLowerCase()}@student.kelasku.local`,
    role: 'student',
    display_name: s.name,
    student_id: s.id,
  });
}
