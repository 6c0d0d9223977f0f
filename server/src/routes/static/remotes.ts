import fs from 'node:fs';

/** /remotes.json when REMOTES_JSON is not set: each remote served by this server from its build folder. */
export const DEFAULT_REMOTES = {
  admin: '/remotes/admin/mf-manifest.json',
  teacher: '/remotes/teacher/mf-manifest.json',
  student: '/remotes/student/mf-manifest.json',
};

/** Where this server serves each remote's build (`<STATIC_DIR>/<folder>/dist`). */
export const REMOTE_APPS = [
  { folder: 'admin-app', prefix: '/remotes/admin/' },
  { folder: 'teacher-app', prefix: '/remotes/teacher/' },
  { folder: 'student-app', prefix: '/remotes/student/' },
];

/** The text of /remotes.json: REMOTES_JSON's file as is (read on every call: whoever deploys may rewrite it), else the default map. */
export async function remotesJsonText(remotesJson: string | undefined): Promise<string> {
  return remotesJson ? fs.promises.readFile(remotesJson, 'utf8') : JSON.stringify(DEFAULT_REMOTES);
}
