/**
 * Answer saves with group commit: the hot path of an exam (every student saves after every question).
 *
 * A save is ONE conditional UPDATE that checks, in the same statement, everything the route needs: the sheet belongs
 * to the token's student, who is assigned to the item's class now, it is still open, the exam is inside its window,
 * the user still exists as a student with the token's session_version (so no separate users lookup), and, with
 * `seq`, that the map is newer than the stored one. Saves that arrive while a write is in flight are written together: one transaction (SQLite: one fsync) or one
 * statement (PostgreSQL: one round trip, one WAL flush) for the whole batch. Each request is answered only after its
 * batch has committed, so an acknowledged save is exactly as durable as before.
 *
 * Two kinds of save share the batch: the whole map (original clients; replaces the stored one) and per-question
 * changes (several tabs or devices): each change carries the time it was made on the device and is merged into the
 * stored map only when it is later than the stored change of that question (`answers_at`), so a queue replayed after
 * being offline never overwrites a newer answer given elsewhere. The merge happens inside the write itself (SQLite:
 * read and write in the batch's immediate transaction; PostgreSQL: in the UPDATE, on the row it locks), so concurrent
 * saves of one sheet on two nodes cannot lose each other's questions.
 *
 * The same statement keeps the sheet within its item (sheet-bounds.ts): every question a save names is one the item has
 * (its question_count, read in the statement), and a merged sheet stays within MAX_SHEET_BYTES (SQLite: measured after
 * the merge in the transaction; PostgreSQL: in the WHERE, on the row it locks). A save past either writes nothing.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { dbKindOf, pgPoolOf, sqliteOf, type Db } from '../../db/connect';
import { readAnswersColumn, readAnswerTimesColumn, toDbJson } from '../../db/json';
import { toDbTime } from '../../db/time';
import type { ItemSpec } from './assessments';
import { highestQuestion, MAX_SHEET_BYTES, sheetBytes } from '../sheet-bounds';
import { windowSql } from '../exam-window';
import { extraMinutesSql } from './exam-proctoring';

/** One question's new answer and when it was given (ms since the epoch, device clock); '' clears it. */
export interface AnswerChange {
  answer: string;
  at: number;
}

export type Answers = Record<string, string>;
export type AnswerChanges = Record<string, AnswerChange>;

interface SaveBase {
  sheetId: number;
  studentId: number;
  userId: number;
  sessionVersion: number;
}

export type AnswerSave = SaveBase &
  /** The whole map: replaces the stored one. `seq`: the client's number of this map; absent = last writer wins. */
  (
    | { answers: Answers; seq?: number; changes?: undefined }
    /** Per-question changes, merged into the stored map. */
    | { changes: AnswerChanges; answers?: undefined; seq?: undefined }
  );

/** The saved sheet's item id and answers (all of them, after the merge), or undefined when nothing changed. */
export type SaveResult = { itemId: number; answers: Answers } | undefined;

/**
 * The stored map after `changes`: a change applies when it is later than the stored change of its question (a
 * question without a stored time was never changed this way). Device times are clamped to the server's clock: a
 * change cannot have been made after it reached the server, so a device whose clock runs ahead cannot make its
 * answer win over later changes from elsewhere. Returns the new map and the times of the changes that applied.
 */
export function mergeChanges(answers: Answers, times: Record<string, number>, changes: AnswerChanges, nowMs: number) {
  const merged = { ...answers };
  const applied: Record<string, number> = {};
  for (const [question, change] of Object.entries(changes)) {
    const at = Math.min(change.at, nowMs);
    if (!(at > (times[question] ?? -1))) continue;
    applied[question] = at;
    if (change.answer === '') delete merged[question];
    else merged[question] = change.answer;
  }
  return { answers: merged, applied };
}

/** A whole map counts as a change of each of its questions when the server stores it. */
function wholeMapTimes(answers: Answers, nowMs: number): Record<string, number> {
  const times: Record<string, number> = {};
  for (const question of Object.keys(answers)) times[question] = nowMs;
  return times;
}

interface Pending {
  save: AnswerSave;
  resolve(result: SaveResult): void;
  reject(error: unknown): void;
}

/** What `answerSaveBatches` publishes for each batch taken for writing. */
export interface AnswerSaveBatch {
  db: Db;
  kind: ItemSpec['kind'];
  size: number;
}

/**
 * Each batch taken for writing, for whoever listens (the metrics): a diagnostics channel costs nothing without a
 * subscriber and keeps the hot path free of any metrics code.
 */
export const answerSaveBatches = diagnosticsChannel.channel('kelasku.answer-save.batch');

/** Largest batch written at once (PostgreSQL array parameters, SQLite transaction length). */
const MAX_BATCH = 500;

/** The conditions shared by both dialects; `s` is the sheet row, `?`/`$n` placeholders are filled per dialect. */
function windowCondition(kind: 'sqlite' | 'postgres', spec: ItemSpec, now: string): string {
  if (spec.kind !== 'exam') return '';
  const window = windowSql(kind, {
    start: 'x.start_time',
    end: 'x.end_time',
    extraMinutes: extraMinutesSql('s.exam_id', 's.student_id'),
  });
  return `AND EXISTS (SELECT 1 FROM exams x WHERE x.id = s.exam_id AND ${window.open(now)})`;
}

/**
 * Every question the save names is one the item has (sheet-bounds.ts): `highest` is the highest it names. The item's
 * question_count is read in the same statement, so an item edited meanwhile is judged as it is now.
 */
function questionsCondition(spec: ItemSpec, highest: string): string {
  return `AND ${highest} <= (SELECT i.question_count FROM ${spec.table} i WHERE i.id = s.${spec.idCol})`;
}

/** The highest question a save names (its changes', or its whole map's). */
const highestOf = (save: AnswerSave) => highestQuestion(Object.keys(save.changes ?? save.answers));

/** The sheet's student is assigned to the item's class now, and that class is not archived (domain/policy.ts `sheetWriteRefusal`, same rule). */
function assignedCondition(spec: ItemSpec): string {
  const itemClass =
    spec.kind === 'exam'
      ? 'SELECT x.class_id FROM exams x WHERE x.id = s.exam_id'
      : 'SELECT m.class_id FROM exercises e JOIN materials m ON m.id = e.material_id WHERE e.id = s.exercise_id';
  return `AND EXISTS (SELECT 1 FROM assigned_students_class a JOIN classes c ON c.id = a.class_id
                 WHERE a.student_id = s.student_id AND a.class_id = (${itemClass}) AND c.archived_at IS NULL)`;
}

// ---------------------------------------------------------------- SQLite: one transaction per batch

/** The named parameters of the SQLite save statement. */
type SqliteSaveParams = {
  sheetId: number;
  studentId: number;
  userId: number;
  sessionVersion: number;
  answers: string;
  times: string;
  seq: number | null;
  now: string;
  highest: number | null;
};

function sqliteWriter(db: Db, raw: Database.Database, spec: ItemSpec) {
  // Prepared once: Kysely would build, compile and prepare the statement again for every save.
  const read = raw.prepare<[number], { answers: unknown; answers_at: unknown }>(
    `SELECT answers, answers_at FROM ${spec.sheets} WHERE id = ?`,
  );
  const update = raw.prepare<SqliteSaveParams, { item_id: number }>(`
    UPDATE ${spec.sheets} AS s
       SET answers = @answers, updated_at = @now, answers_seq = COALESCE(@seq, s.answers_seq),
           answers_at = json_patch(COALESCE(s.answers_at, '{}'), @times)
     WHERE s.id = @sheetId AND s.student_id = @studentId AND s.status = 'Active'
       AND (@seq IS NULL OR s.answers_seq IS NULL OR s.answers_seq < @seq)
       AND EXISTS (SELECT 1 FROM students st JOIN users u ON u.id = st.user_id
                    WHERE st.id = s.student_id AND u.id = @userId AND u.role = 'student' AND u.session_version = @sessionVersion)
       ${windowCondition('sqlite', spec, '@now')}
       ${assignedCondition(spec)}
       ${questionsCondition(spec, '@highest')}
    RETURNING ${spec.idCol} AS item_id`); // (SQLite: RETURNING takes no table alias)
  const writeAll = raw.transaction((saves: AnswerSave[], now: Date): SaveResult[] =>
    saves.map((save) => {
      let answers: Answers;
      let times: Record<string, number>;
      if (save.changes) {
        // Read and written in this (immediate) transaction: nothing else writes the row in between.
        const stored = read.get(save.sheetId);
        ({ answers, applied: times } = mergeChanges(
          readAnswersColumn(stored?.answers) ?? {},
          readAnswerTimesColumn(stored?.answers_at),
          save.changes,
          now.getTime(),
        ));
        // The merged sheet would pass its cap: nothing written (the route names the reason).
        if (sheetBytes(answers) > MAX_SHEET_BYTES) return undefined;
      } else {
        answers = save.answers;
        times = wholeMapTimes(answers, now.getTime());
      }
      const row = update.get({
        sheetId: save.sheetId,
        studentId: save.studentId,
        userId: save.userId,
        sessionVersion: save.sessionVersion,
        answers: toDbJson(answers),
        times: toDbJson(times),
        seq: save.seq ?? null,
        now: toDbTime(now),
        highest: highestOf(save),
      });
      return row ? { itemId: Number(row.item_id), answers } : undefined;
    }),
  );
  // Through Kysely's connection lock: a Kysely transaction of another request may be open on the one connection,
  // and a raw statement run in the middle of it would commit or roll back with it.
  return (saves: AnswerSave[], now: Date): Promise<SaveResult[]> =>
    db.connection().execute(async () => writeAll.immediate(saves, now));
}

// ---------------------------------------------------------------- PostgreSQL: one statement per batch

function postgresWriter(pool: pg.Pool, spec: ItemSpec) {
  // Named: each pooled connection parses and plans it once. `s.id = ANY($1)` lets the planner read the sheets by
  // primary key instead of scanning the whole table to join it with the unnest.
  const name = `kelasku-save-${spec.sheets}`;
  // A change of the save (`v.changes`) that is later than the stored change of its question, device time clamped to $9.
  const winners = `
    SELECT c.key, c.value->>'answer' AS answer, LEAST((c.value->>'at')::bigint, $9::bigint) AS at
      FROM jsonb_each(v.changes::jsonb) AS c
     WHERE LEAST((c.value->>'at')::bigint, $9::bigint) > COALESCE((s.answers_at->>c.key)::bigint, -1)`;
  // The size of the merged sheet (sheet-bounds.ts sheetBytes: each answer as JSON text, without its quotes): the stored
  // answers no winner replaces, and the winners that are not cleared. Checked in the WHERE, which PostgreSQL evaluates
  // again on a row another node updated first, as it does the SET.
  const mergedBytes = `
    (SELECT COALESCE(sum(octet_length(a.value::text) - 2), 0)
       FROM jsonb_each(CASE WHEN jsonb_typeof(s.answers) = 'object' THEN s.answers ELSE '{}'::jsonb END) AS a
      WHERE NOT EXISTS (SELECT 1 FROM (${winners}) AS w WHERE w.key = a.key))
    + (SELECT COALESCE(sum(octet_length(to_jsonb(w.answer)::text) - 2), 0) FROM (${winners}) AS w WHERE w.answer <> '')`;
  // The merge reads s.answers and s.answers_at of the row this UPDATE locks; when another node updated the row first,
  // PostgreSQL evaluates the SET again on the newer row, so neither save loses the other's questions. A whole map
  // (`v.answers`) skips the merge: its questions' times (`v.times`) are computed here.
  const text = `
    UPDATE ${spec.sheets} AS s
       SET answers = CASE WHEN v.answers IS NOT NULL THEN v.answers::jsonb ELSE (
             SELECT (CASE WHEN jsonb_typeof(s.answers) = 'object' THEN s.answers ELSE '{}'::jsonb END - COALESCE(array_agg(w.key), '{}'::text[]))
                    || COALESCE(jsonb_object_agg(w.key, w.answer) FILTER (WHERE w.answer <> ''), '{}'::jsonb)
               FROM (${winners}) AS w) END,
           answers_at = CASE WHEN jsonb_typeof(s.answers_at) = 'object' THEN s.answers_at ELSE '{}'::jsonb END
             || CASE WHEN v.answers IS NOT NULL THEN v.times::jsonb ELSE (
                  SELECT COALESCE(jsonb_object_agg(w.key, w.at), '{}'::jsonb) FROM (${winners}) AS w) END,
           updated_at = $7, answers_seq = COALESCE(v.seq, s.answers_seq)
      FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::bigint[], $8::text[], $10::text[], $11::int[])
             AS v(sheet_id, student_id, user_id, session_version, answers, seq, changes, times, highest),
           students st, users u
     WHERE s.id = ANY($1::int[]) AND s.id = v.sheet_id AND s.student_id = v.student_id AND s.status = 'Active'
       AND (v.seq IS NULL OR s.answers_seq IS NULL OR s.answers_seq < v.seq)
       AND st.id = s.student_id AND u.id = st.user_id
       AND u.id = v.user_id AND u.role = 'student' AND u.session_version = v.session_version
       ${windowCondition('postgres', spec, '$7')}
       ${assignedCondition(spec)}
       ${questionsCondition(spec, 'v.highest')}
       AND (v.answers IS NOT NULL OR ${mergedBytes} <= $12)
    RETURNING s.id AS sheet_id, s.${spec.idCol} AS item_id, CASE WHEN v.answers IS NULL THEN s.answers END AS answers`;
  return async (saves: AnswerSave[], now: Date): Promise<SaveResult[]> => {
    const nowMs = now.getTime();
    const params = [
      saves.map((s) => s.sheetId),
      saves.map((s) => s.studentId),
      saves.map((s) => s.userId),
      saves.map((s) => s.sessionVersion),
      saves.map((s) => (s.answers ? toDbJson(s.answers) : null)),
      saves.map((s) => s.seq ?? null),
      now,
      saves.map((s) => (s.changes ? toDbJson(s.changes) : null)),
      nowMs,
      saves.map((s) => (s.answers ? toDbJson(wholeMapTimes(s.answers, nowMs)) : null)),
      saves.map(highestOf),
      MAX_SHEET_BYTES,
    ];
    const { rows } = await pool.query<{ sheet_id: number; item_id: number; answers: unknown }>({
      name,
      text,
      values: params,
    });
    const saved = new Map(rows.map((r) => [Number(r.sheet_id), r]));
    return saves.map((s) => {
      const row = saved.get(s.sheetId);
      // A whole map is not read back: it is what was sent.
      return row
        ? { itemId: Number(row.item_id), answers: s.answers ?? readAnswersColumn(row.answers) ?? {} }
        : undefined;
    });
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

  constructor(
    private readonly db: Db,
    private readonly spec: ItemSpec,
  ) {
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
      if (answerSaveBatches.hasSubscribers) {
        answerSaveBatches.publish({ db: this.db, kind: this.spec.kind, size: batch.length } satisfies AnswerSaveBatch);
      }
      batch.forEach((p) => this.writing.add(p.save.sheetId));
      // writeIsolated never rejects: each save's own promise carries its outcome
      void this.writeIsolated(batch, new Date()).finally(() => {
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
      const results = await this.write(
        batch.map((p) => p.save),
        now,
      );
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
  if (!byKind) savers.set(db, (byKind = new Map<string, AnswerSaver>()));
  let saver = byKind.get(spec.kind);
  if (!saver) byKind.set(spec.kind, (saver = new AnswerSaver(db, spec)));
  return saver;
}
