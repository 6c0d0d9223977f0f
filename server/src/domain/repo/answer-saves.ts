/**
 * Answer saves with group commit: the hot path of an exam (every student saves after every question).
 *
 * A save is ONE conditional UPDATE that checks, in the same statement, everything the route needs: the sheet belongs
 * to the token's student, who is assigned to the item's class now, it is still open, the exam is inside its window,
 * the user still exists as a student with the token's session_version (so no separate users lookup), and, with
 * `seq`, that the map is newer than the stored one. Saves that arrive while a write is in flight are written together: one transaction (SQLite: one fsync) or one
 * statement (PostgreSQL: one round trip, one WAL flush) for the whole batch. Each request is answered only after its
 * batch has committed, so an acknowledged save is exactly as durable as before.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { dbKindOf, pgPoolOf, sqliteOf, type Db } from '../../db/connect';
import { toDbJson } from '../../db/json';
import { toDbTime } from '../../db/time';
import type { ItemSpec } from './assessments';

export interface AnswerSave {
  sheetId: number;
  studentId: number;
  userId: number;
  sessionVersion: number;
  answers: Record<string, string>;
  /** The client's number of this map; absent = last writer wins. */
  seq?: number;
}

/** The saved sheet's item id, or undefined when nothing changed (the caller finds out why). */
export type SaveResult = number | undefined;

interface Pending {
  save: AnswerSave;
  resolve(result: SaveResult): void;
  reject(error: unknown): void;
}

/** Largest batch written at once (PostgreSQL array parameters, SQLite transaction length). */
const MAX_BATCH = 500;

/** The conditions shared by both dialects; `s` is the sheet row, `?`/`$n` placeholders are filled per dialect. */
function windowCondition(spec: ItemSpec, now: string): string {
  return spec.kind === 'exam' ? `AND EXISTS (SELECT 1 FROM exams x WHERE x.id = s.exam_id AND x.start_time <= ${now} AND x.end_time >= ${now})` : '';
}

/** The sheet's student is assigned to the item's class now (domain/policy.ts `sheetWriteRefusal`, same rule). */
function assignedCondition(spec: ItemSpec): string {
  const itemClass = spec.kind === 'exam'
    ? 'SELECT x.class_id FROM exams x WHERE x.id = s.exam_id'
    : 'SELECT m.class_id FROM exercises e JOIN materials m ON m.id = e.material_id WHERE e.id = s.exercise_id';
  return `AND EXISTS (SELECT 1 FROM assigned_students_class a WHERE a.student_id = s.student_id AND a.class_id = (${itemClass}))`;
}

// ---------------------------------------------------------------- SQLite: one transaction per batch

function sqliteWriter(db: Db, raw: Database.Database, spec: ItemSpec) {
  // Prepared once: Kysely would build, compile and prepare the statement again for every save.
  const update = raw.prepare(`
    UPDATE ${spec.sheets} AS s
       SET answers = @answers, updated_at = @now, answers_seq = COALESCE(@seq, s.answers_seq)
     WHERE s.id = @sheetId AND s.student_id = @studentId AND s.status = 'Active'
       AND (@seq IS NULL OR s.answers_seq IS NULL OR s.answers_seq < @seq)
       AND EXISTS (SELECT 1 FROM students st JOIN users u ON u.id = st.user_id
                    WHERE st.id = s.student_id AND u.id = @userId AND u.role = 'student' AND u.session_version = @sessionVersion)
       ${windowCondition(spec, '@now')}
       ${assignedCondition(spec)}
    RETURNING ${spec.idCol} AS item_id`); // (SQLite: RETURNING takes no table alias)
  const writeAll = raw.transaction((saves: AnswerSave[], now: string): SaveResult[] =>
    saves.map((save) => {
      const row = update.get({
        sheetId: save.sheetId, studentId: save.studentId, userId: save.userId, sessionVersion: save.sessionVersion,
        answers: toDbJson(save.answers), seq: save.seq ?? null, now,
      }) as { item_id: number } | undefined;
      return row ? Number(row.item_id) : undefined;
    }));
  // Through Kysely's connection lock: a Kysely transaction of another request may be open on the one connection,
  // and a raw statement run in the middle of it would commit or roll back with it.
  return (saves: AnswerSave[], now: Date): Promise<SaveResult[]> =>
    db.connection().execute(async () => writeAll(saves, toDbTime(now)));
}

// ---------------------------------------------------------------- PostgreSQL: one statement per batch

function postgresWriter(pool: pg.Pool, spec: ItemSpec) {
  // Named: each pooled connection parses and plans it once. `s.id = ANY($1)` lets the planner read the sheets by
  // primary key instead of scanning the whole table to join it with the unnest.
  const name = `kelasku-save-${spec.sheets}`;
  const text = `
    UPDATE ${spec.sheets} AS s
       SET answers = v.answers::jsonb, updated_at = $7, answers_seq = COALESCE(v.seq, s.answers_seq)
      FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::bigint[])
             AS v(sheet_id, student_id, user_id, session_version, answers, seq),
           students st, users u
     WHERE s.id = ANY($1::int[]) AND s.id = v.sheet_id AND s.student_id = v.student_id AND s.status = 'Active'
       AND (v.seq IS NULL OR s.answers_seq IS NULL OR s.answers_seq < v.seq)
       AND st.id = s.student_id AND u.id = st.user_id
       AND u.id = v.user_id AND u.role = 'student' AND u.session_version = v.session_version
       ${windowCondition(spec, '$7')}
       ${assignedCondition(spec)}
    RETURNING s.id AS sheet_id, s.${spec.idCol} AS item_id`;
  return async (saves: AnswerSave[], now: Date): Promise<SaveResult[]> => {
    const params = [
      saves.map((s) => s.sheetId), saves.map((s) => s.studentId), saves.map((s) => s.userId),
      saves.map((s) => s.sessionVersion), saves.map((s) => toDbJson(s.answers)), saves.map((s) => s.seq ?? null), now,
    ];
    const { rows } = await pool.query<{ sheet_id: number; item_id: number }>({ name, text, values: params });
    const saved = new Map(rows.map((r) => [Number(r.sheet_id), Number(r.item_id)]));
    return saves.map((s) => saved.get(s.sheetId));
  };
}

// ---------------------------------------------------------------- the batcher

/**
 * Collects saves and writes them in batches. SQLite has one writer, so one batch at a time; PostgreSQL takes up to
 * two at once (the pool also serves every other request).
 */
export class AnswerSaver {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** Sheets in a batch being written: a later save of one waits for that batch, never races it in another lane. */
  private readonly writing = new Set<number>();
  private scheduled = false;
  private readonly write: (saves: AnswerSave[], now: Date) => Promise<SaveResult[]>;
  private readonly lanes: number;

  constructor(db: Db, spec: ItemSpec) {
    if (dbKindOf(db) === 'postgres') {
      const pool = pgPoolOf(db);
      if (!pool) throw new Error('AnswerSaver: open PostgreSQL databases with connectDatabase() (it keeps the pool)');
      this.write = postgresWriter(pool, spec);
      this.lanes = 2;
    } else {
      const raw = sqliteOf(db);
      if (!raw) throw new Error('AnswerSaver: open SQLite databases with connectDatabase() (it keeps the handle)');
      this.write = sqliteWriter(db, raw, spec);
      this.lanes = 1;
    }
  }

  save(save: AnswerSave): Promise<SaveResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ save, resolve, reject });
      if (!this.scheduled) {
        // Let the requests already parsed in this turn of the event loop join the batch.
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.queue.length > 0 && this.inFlight < this.lanes) {
      const batch = this.takeBatch();
      if (batch.length === 0) return; // everything queued waits for a sheet in flight
      this.inFlight += 1;
      batch.forEach((p) => this.writing.add(p.save.sheetId));
      this.writeIsolated(batch, new Date())
        .finally(() => {
          batch.forEach((p) => this.writing.delete(p.save.sheetId));
          this.inFlight -= 1;
          this.flush();
        });
    }
  }

  /**
   * Writes a batch and answers each save. When the batch fails (one save carries a value the database refuses), its
   * saves are retried one by one, so only the bad one fails and its classmates' saves are stored. A failed batch
   * wrote nothing (SQLite: the transaction rolled back; PostgreSQL: the one statement failed), so a retry never
   * applies a save twice. Saves of one sheet never share a batch, so the retries keep their arrival order.
   */
  private async writeIsolated(batch: Pending[], now: Date): Promise<void> {
    try {
      const results = await this.write(batch.map((p) => p.save), now);
      batch.forEach((p, i) => p.resolve(results[i]));
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
    }
    for (const pending of batch) {
      try {
        const [result] = await this.write([pending.save], now);
        pending.resolve(result);
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /**
   * The next batch, in arrival order. A sheet saved twice in one batch keeps its second save for the next batch:
   * one statement updating the same row twice would apply only one of them, unpredictably. A sheet being written
   * by the other lane waits too, so saves of one sheet are written in arrival order.
   */
  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const later: Pending[] = [];
    const sheets = new Set<number>();
    for (const pending of this.queue) {
      const sheet = pending.save.sheetId;
      if (batch.length < MAX_BATCH && !sheets.has(sheet) && !this.writing.has(sheet)) {
        sheets.add(sheet);
        batch.push(pending);
      } else {
        later.push(pending);
      }
    }
    this.queue = later;
    return batch;
  }
}

/** One saver per database and kind of sheet (exercise, exam). */
const savers = new WeakMap<Db, Map<string, AnswerSaver>>();

export function answerSaverFor(db: Db, spec: ItemSpec): AnswerSaver {
  let byKind = savers.get(db);
  if (!byKind) savers.set(db, (byKind = new Map()));
  let saver = byKind.get(spec.kind);
  if (!saver) byKind.set(spec.kind, (saver = new AnswerSaver(db, spec)));
  return saver;
}
