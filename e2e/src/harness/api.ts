/** A small HTTP client for checking, on the server, what the browser did (and for arranging data). */
export type Role = 'admin' | 'teacher' | 'student';

export const DEMO_ACCOUNTS: Record<Role, { username: string; password: string; home: string }> = {
  admin: { username: 'admin', password: 'admin123', home: '/DashboardAdmin' },
  teacher: { username: '198501012010011001', password: 'guru123', home: '/DashboardTeacher' },
  student: { username: '2024100001', password: 'siswa123', home: '/DashboardStudent' },
};

export interface TokenPayload {
  user_id: number;
  role: string;
  display_name: string;
  exp: number;
  teacher_id?: number;
  student_id?: number;
  initial_password?: true;
}

export function decodePayload(token: string): TokenPayload {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as TokenPayload;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} → ${status} ${JSON.stringify(body)}`);
  }
}

export class Api {
  private readonly tokens = new Map<Role, string>();

  constructor(readonly baseUrl: string) {}

  async login(username: string, password: string): Promise<string> {
    const res = await fetch(`${this.baseUrl}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { token?: string };
    if (!res.ok || !body.token) throw new ApiError(res.status, body, `login ${username}`);
    return body.token;
  }

  /** The token of a demo account (one login per role and server, to stay clear of the login rate limit). */
  async token(role: Role): Promise<string> {
    let token = this.tokens.get(role);
    if (!token) {
      token = await this.login(DEMO_ACCOUNTS[role].username, DEMO_ACCOUNTS[role].password);
      this.tokens.set(role, token);
    }
    return token;
  }

  async user(role: Role): Promise<TokenPayload> {
    return decodePayload(await this.token(role));
  }

  /** The demo student's class that the demo teacher teaches (the demo school has one). */
  async demoClass(): Promise<{ id: number; name: string }> {
    const [student, teacher] = [await this.user('student'), await this.user('teacher')];
    const { classes } = await this.get<{ classes: { id: number; name: string; teacher_id: number }[] }>(
      `/classes/assigned?id=${student.student_id}&pageSize=100`,
      'student',
    );
    const cls = classes.find((c) => c.teacher_id === teacher.teacher_id);
    if (!cls) throw new Error('The demo student is in no class of the demo teacher');
    return cls;
  }

  /** `call('GET', '/classes?grade=10', 'admin')` → parsed JSON; throws ApiError on a non-2xx answer. */
  async call<T = unknown>(method: string, path: string, role: Role, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: await this.token(role),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* plain text */
    }
    if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${path}`);
    return parsed as T;
  }

  get<T = unknown>(path: string, role: Role): Promise<T> {
    return this.call<T>('GET', path, role);
  }
  post<T = unknown>(path: string, role: Role, body: unknown): Promise<T> {
    return this.call<T>('POST', path, role, body);
  }
  patch<T = unknown>(path: string, role: Role, body: unknown): Promise<T> {
    return this.call<T>('PATCH', path, role, body);
  }
  delete<T = unknown>(path: string, role: Role): Promise<T> {
    return this.call<T>('DELETE', path, role);
  }
}
