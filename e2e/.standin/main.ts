// TEMPORARY stand-in for server/src/main.ts (not yet written) so the e2e harness can be exercised. Delete when main.ts lands.
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createProfileUser } from '../../server/src/db/accounts';
import { assignStudentToGradeClasses } from '../../server/src/db/assignments';
import { connectDatabase } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/plugins/passwords';

(async () => {
  const cfg = loadConfig();
  const handle = connectDatabase({ sqliteFile: cfg.sqliteFile });
  await migrateToLatest(handle.db, handle.kind);
  const db = handle.db;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values({ username: 'admin', email: 'admin@kelasku.local', password_hash: await hashPassword('admin123'), role: 'admin', display_name: 'Admin' }).execute();
    const tu = await createProfileUser(trx, { username: '198501012010011001', role: 'teacher', displayName: 'Ibu Sari Wulandari', passwordHash: await hashPassword('guru123') });
    const t = await trx.insertInto('teachers').values({ name: 'Ibu Sari Wulandari', nip: '198501012010011001', specialization: 'Biology', status: 'Active', user_id: tu, phone_number: null, profile_picture_url: null }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('classes').values({ name: 'X IPA 1', grade: 10, teacher_id: t.id, description: 'Kelas X IPA 1' }).execute();
    const su = await createProfileUser(trx, { username: '2024100001', role: 'student', displayName: 'Andi Pratama', passwordHash: await hashPassword('siswa123') });
    const s = await trx.insertInto('students').values({ name: 'Andi Pratama', nis: '2024100001', grade: 10, status: 'Active', user_id: su, phone_number: null, profile_picture_url: null, curr_score: null }).returning('id').executeTakeFirstOrThrow();
    await assignStudentToGradeClasses(trx, s.id, 10);
  });
  const app = await buildApp({ db, dbKind: handle.kind, closeDb: true, jwtSecret: cfg.jwtSecret, staticDir: cfg.staticDir, remotesJson: cfg.remotesJson });
  await app.listen({ port: cfg.port, host: cfg.host });
  console.log('stand-in listening', cfg.port, path.basename(cfg.staticDir));
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop); process.on('SIGINT', stop);
})().catch((e) => { console.error(e); process.exit(1); });
