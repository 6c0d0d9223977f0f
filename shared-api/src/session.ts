// Session storage shared by the shell and every remote. Kept free of axios so the login page stays light.
import { jwtDecode } from 'jwt-decode';

export type Role = 'admin' | 'teacher' | 'student';

export interface UserData {
  user_id: number;
  email: string;
  role: Role | string;
  display_name: string;
  exp: number;
  teacher_id?: number;
  student_id?: number;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'userData';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/**
 * The token's payload, not verified: the server verifies every call. Throws (jwt-decode's InvalidTokenError) on a
 * token that is not a JWT with a JSON payload.
 */
export function decodeToken(token: string): UserData {
  return jwtDecode<UserData>(token);
}

export function saveSession(token: string): UserData {
  const user = decodeToken(token);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  return user;
}

/** The stored user, or null when missing, unreadable or expired. */
export function getUserData(): UserData | null {
  if (!getToken()) return null;
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as UserData;
    if (typeof user.exp === 'number' && user.exp * 1000 <= Date.now()) return null;
    return user;
  } catch {
    console.error('Invalid stored user data');
    return null;
  }
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

export function roleOf(user: Pick<UserData, 'role'>): Role {
  return user.role === 'admin' || user.role === 'teacher' ? user.role : 'student';
}
