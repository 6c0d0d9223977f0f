/**
 * The SQL of the reads every page's first load makes (a student's classes, materials of a class, the exam or exercise,
 * the answer sheet, a material's discussions, the student dashboard), one statement each where the old code made two
 * to six: the access facts (the class's current teacher, whether the student is assigned now) come with the data,
 * COUNT(*) OVER () gives the page total with the page. Written once with $n placeholders for both dialects and run
 * as prepared statements (db/prepared.ts). bench/bare-server.ts runs the same texts in its bare twins.
 * Whoever may see what is still decided in domain/policy.ts, from the facts these return.
 */
import { type SqlText, sqlText } from '../../db/prepared';
import { formatWibSql } from '../exam-window';
import type { ClassRow } from './classes';
import type { ClassFacts, MaterialFacts } from './common';
import type { ReplyRow } from './forum';
import type { MaterialView } from './materials';
import { activeStudentSql } from './members';

// What the two drivers give for a column, where they differ (the readers convert):
/** COUNT(*): a number (SQLite) or a decimal text (PostgreSQL's bigint). */
export type DbCount = number | string;
/** A truth value: 0 or 1 (SQLite) or a boolean (PostgreSQL). */
export type DbFlag = number | boolean;
/** A timestamp: ISO text (SQLite) or a Date (PostgreSQL). */
export type DbTime = Date | string;

/** The per-request session check (plugins/auth.ts): one primary-key lookup. */
export const USER_SESSION_SQL = sqlText<{ role: string; session_version: number }>(
  'SELECT role, session_version FROM users WHERE id = $1',
);

/** The session facts a row of a withSessionColumns statement carries. */
export type SessionColumns = {
  session_role: unknown;
  session_version: unknown;
};

/**
 * `sql` (one SELECT) that also does the session check on each row it returns: the role and session_version of user
 * `$n` as session_role / session_version (NULL when the user is gone), for plugins/auth.ts confirmSession. The
 * subqueries do not depend on the row (PostgreSQL runs them once per statement). It saves the route the separate
 * lookup, a round trip on PostgreSQL; a statement that finds no row leaves the check to that lookup.
 */
export function withSessionColumns<Row>(sql: SqlText<Row>, n: number): SqlText<Row & SessionColumns> {
  const select = /^\s*SELECT\s/.exec(sql);
  if (!select) throw new Error('withSessionColumns: not a SELECT statement');
  const user = `FROM users WHERE id = $${n})`;
  return sqlText(
    `${select[0]}(SELECT role ${user} AS session_role, (SELECT session_version ${user} AS session_version, ${sql.slice(select[0].length)}`,
  );
}

const assignedNow = (classCol: string) =>
  `EXISTS (SELECT 1 FROM assigned_students_class a WHERE a.class_id = ${classCol} AND a.student_id = $2) AS assigned`;

/** $1 student id, $2 limit, $3 offset; archived classes left out. `total` rides on every row (none when the page is past the end). */
export const CLASSES_OF_STUDENT_SQL = sqlText<ClassRow & { total: DbCount }>(`
SELECT c.id, c.name, c.description, c.teacher_id, c.grade, c.archived_at, COALESCE(t.name, '') AS teacher_name,
       (SELECT COUNT(*) FROM assigned_students_class n WHERE n.class_id = c.id AND ${activeStudentSql('n.student_id')}) AS student_count,
       COUNT(*) OVER () AS total
  FROM assigned_students_class s
  JOIN classes c ON c.id = s.class_id
  LEFT JOIN teachers t ON t.id = c.teacher_id
 WHERE s.student_id = $1 AND c.archived_at IS NULL
 ORDER BY c.id LIMIT $2 OFFSET $3`);

export const COUNT_CLASSES_OF_STUDENT_SQL = sqlText<{
  n: DbCount;
}>(`SELECT COUNT(*) AS n FROM assigned_students_class s JOIN classes c ON c.id = s.class_id
 WHERE s.student_id = $1 AND c.archived_at IS NULL`);

/** A class's access facts; $1 class id, $2 the caller's student id (null for others). */
export const CLASS_FOR_SQL = sqlText<ClassFacts & { assigned: DbFlag }>(`
SELECT c.id, c.teacher_id, c.grade, c.name, ${assignedNow('c.id')}
  FROM classes c WHERE c.id = $1`);

/** A material's access facts; $1 material id, $2 the caller's student id (null for others). */
export const MATERIAL_FOR_SQL = sqlText<MaterialFacts & { assigned: DbFlag }>(`
SELECT m.id, m.class_id, m.teacher_id, c.teacher_id AS class_teacher_id, ${assignedNow('m.class_id')}
  FROM materials m JOIN classes c ON c.id = m.class_id WHERE m.id = $1`);

/** $1 class id, $2 limit, $3 offset. */
export const MATERIALS_OF_CLASS_SQL = sqlText<MaterialView & { total: DbCount }>(`
SELECT m.id, m.class_id, m.title, m.description, m.content, m.teacher_id, e.id AS exercise_id, COUNT(*) OVER () AS total
  FROM materials m LEFT JOIN exercises e ON e.material_id = m.id
 WHERE m.class_id = $1
 ORDER BY m.id LIMIT $2 OFFSET $3`);

export const COUNT_MATERIALS_OF_CLASS_SQL = sqlText<{ n: DbCount }>(
  'SELECT COUNT(*) AS n FROM materials WHERE class_id = $1',
);

/** The stored order seed of student $2's sheet of item `i` (NULL: no sheet, or the secret seed applies). */
const storedOrderSeed = (sheets: string, idCol: string) =>
  `(SELECT s.order_seed FROM ${sheets} s WHERE s.${idCol} = i.id AND s.student_id = $2) AS order_seed`;

/**
 * The current exam of a class (closed ones are not the class's any more) with the class's access facts (no row: no
 * such class; id null: no current exam); $1 class id,
 * $2 the caller's student id. `withContent` adds the content column (the bare benchmark twin; the route keeps parsed
 * content in a cache keyed by updated_at).
 */
export function examOfClassSql(withContent = false): SqlText<ItemOfParentRow> {
  return sqlText(`
SELECT c.id AS class_id, c.teacher_id AS class_teacher_id, ${assignedNow('c.id')},
       i.id, i.title, i.total_marks, i.teacher_id, i.start_time, i.end_time, i.updated_at, i.shuffle_questions, i.shuffle_options,
       ${storedOrderSeed('exam_answers', 'exam_id')}, i.kind, i.kind_label, i.closed_at, i.show_answers${withContent ? ', i.content' : ''}
  FROM classes c LEFT JOIN exams i ON i.class_id = c.id AND i.closed_at IS NULL WHERE c.id = $1`);
}

/** The exercise of a material with the material's access facts; $1 material id, $2 the caller's student id. */
export function exerciseOfMaterialSql(withContent = false): SqlText<ItemOfParentRow> {
  return sqlText(`
SELECT m.id AS material_id, m.class_id, c.teacher_id AS class_teacher_id, ${assignedNow('m.class_id')},
       i.id, i.title, i.total_marks, i.teacher_id, i.updated_at, i.shuffle_questions, i.shuffle_options,
       ${storedOrderSeed('exercise_answers', 'exercise_id')}${withContent ? ', i.content' : ''}
  FROM materials m JOIN classes c ON c.id = m.class_id LEFT JOIN exercises i ON i.material_id = m.id WHERE m.id = $1`);
}

/** An item's facts with one student's sheet and score (sheet_id null when none); $1 item id, $2 student id. */
export function itemWithSheetSql(kind: 'exercise' | 'exam'): SqlText<ItemWithSheetRow> {
  const [item, sheets, scores, idCol] =
    kind === 'exam'
      ? ['exams', 'exam_answers', 'exam_scores', 'exam_id']
      : ['exercises', 'exercise_answers', 'exercise_scores', 'exercise_id'];
  const place =
    kind === 'exam'
      ? 'i.class_id, c.teacher_id AS class_teacher_id, i.start_time, i.end_time, NULL AS material_id'
      : 'm.class_id, c.teacher_id AS class_teacher_id, NULL AS start_time, NULL AS end_time, i.material_id';
  const joins =
    kind === 'exam'
      ? 'JOIN classes c ON c.id = i.class_id'
      : 'JOIN materials m ON m.id = i.material_id JOIN classes c ON c.id = m.class_id';
  return sqlText(`
SELECT i.id, i.title, i.total_marks, i.teacher_id, i.updated_at, ${place},
       s.id AS sheet_id, s.answers, s.status, g.score, s.answers_seq
  FROM ${item} i ${joins}
  LEFT JOIN ${sheets} s ON s.${idCol} = i.id AND s.student_id = $2
  LEFT JOIN ${scores} g ON g.${idCol} = i.id AND g.student_id = $2
 WHERE i.id = $1`);
}

/**
 * A material's access facts with one page of its discussions (newest first, each with its replies oldest first) as
 * the JSON text the API sends, in one statement; $1 material id, $2 the caller's student id (null for others),
 * $3 limit, $4 offset. No row: no such material. `total`: all the material's discussions; `discussions`: the page, a
 * JSON array written exactly as JSON.stringify writes domain/repo/forum.ts's DiscussionItem list (same keys in the same
 * order, compact, `created_at` RFC 3339 UTC with milliseconds, a reply's `time` in WIB, `+07:00`, whole seconds).
 * The database builds the text: the route sends it as it comes instead of turning rows into objects and back.
 * Nothing but the page depends on a row, and the page's subqueries are the discussions' own index lookups.
 */
export function materialDiscussionsSql(kind: 'sqlite' | 'postgres'): SqlText<MaterialDiscussionsRow> {
  // names by primary-key lookups, one per row (a join may be planned as a scan of every student per discussion)
  const name =
    "COALESCE((SELECT rs.name FROM students rs WHERE rs.id = r.student_id), (SELECT rt.name FROM teachers rt WHERE rt.id = r.teacher_id), '')";
  const author = "COALESCE((SELECT s.name FROM students s WHERE s.id = p.student_id), 'Former student')";
  const replies = "FROM discussion_replies r WHERE r.kind = 'material' AND r.discussion_id = p.id";
  const page = `SELECT f.* FROM material_forum f WHERE f.material_id = $1 ORDER BY f.id DESC LIMIT $3 OFFSET $4`;
  const discussions =
    kind === 'sqlite'
      ? `(SELECT json_group_array(json_object(
            'id', p.id, 'student_id', p.student_id, 'student_name', ${author}, 'material_id', p.material_id,
            'topic', p.topic, 'description', p.description, 'created_at', strftime('%Y-%m-%dT%H:%M:%fZ', p.created_at),
            'replies', json((SELECT json_group_array(CASE WHEN r.teacher_id IS NOT NULL
                    THEN json_object('id', r.id, 'student_id', NULL, 'teacher_id', r.teacher_id, 'name', ${name}, 'role', 'teacher', 'reply', r.reply, 'time', ${formatWibSql('sqlite', 'r.created_at')})
                    ELSE json_object('id', r.id, 'student_id', r.student_id, 'name', ${name}, 'role', 'student', 'reply', r.reply, 'time', ${formatWibSql('sqlite', 'r.created_at')}) END
                  ORDER BY r.created_at, r.id)
                  ${replies}))) ORDER BY p.id DESC)
          FROM (${page}) p)`
      : // row_to_json writes compact JSON (json_build_object and json_agg would add spaces); string_agg joins the texts
        `(SELECT COALESCE('[' || string_agg(row_to_json(d)::text, ',' ORDER BY d.id DESC) || ']', '[]')
          FROM (SELECT p.id, p.student_id, ${author} AS student_name, p.material_id, p.topic, p.description,
                       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
                       (SELECT COALESCE('[' || string_agg(CASE WHEN r.teacher_id IS NOT NULL
                                 THEN (SELECT row_to_json(x)::text FROM (SELECT r.id, NULL::integer AS student_id, r.teacher_id, ${name} AS name, 'teacher' AS role, r.reply, ${formatWibSql('postgres', 'r.created_at')} AS time) x)
                                 ELSE (SELECT row_to_json(x)::text FROM (SELECT r.id, r.student_id, ${name} AS name, 'student' AS role, r.reply, ${formatWibSql('postgres', 'r.created_at')} AS time) x) END,
                               ',' ORDER BY r.created_at, r.id) || ']', '[]')::json
                  ${replies}) AS replies
                  FROM (${page}) p) d)`;
  return sqlText(`
SELECT m.id, m.class_id, m.teacher_id, c.teacher_id AS class_teacher_id, a.student_id IS NOT NULL AS assigned,
       (SELECT COUNT(*) FROM material_forum n WHERE n.material_id = $1) AS total,
       ${discussions} AS discussions
  FROM materials m
  JOIN classes c ON c.id = m.class_id
  LEFT JOIN assigned_students_class a ON a.class_id = m.class_id AND a.student_id = $2
 WHERE m.id = $1`);
}

/** Replies of some discussions; $1 the forum kind, $2 the discussion ids (PostgreSQL: int[]; SQLite: JSON array). */
export function repliesSql(kind: 'sqlite' | 'postgres'): SqlText<ReplyRow> {
  const ids = kind === 'postgres' ? '= ANY($2::int[])' : 'IN (SELECT value FROM json_each($2))';
  return sqlText(`
SELECT r.id, r.discussion_id, r.student_id, r.teacher_id, COALESCE(s.name, t.name, '') AS name, r.reply, r.created_at
  FROM discussion_replies r LEFT JOIN students s ON s.id = r.student_id LEFT JOIN teachers t ON t.id = r.teacher_id
 WHERE r.kind = $1 AND r.discussion_id ${ids}
 ORDER BY r.created_at, r.id`);
}

/** The student dashboard's six numbers in one statement; $1 student id. */
export const STUDENT_STATS_SQL = ((): SqlText<StudentStatsRow> => {
  // the classes in use the student is assigned to (archived ones are off their dashboard)
  const mine =
    'IN (SELECT a.class_id FROM assigned_students_class a JOIN classes ac ON ac.id = a.class_id WHERE a.student_id = $1 AND ac.archived_at IS NULL)';
  return sqlText(`
SELECT
  (SELECT COUNT(*) FROM materials m WHERE m.class_id ${mine}) AS materials,
  (SELECT COUNT(*) FROM materials m JOIN exercises e ON e.material_id = m.id JOIN exercise_answers s ON s.exercise_id = e.id
    WHERE m.class_id ${mine} AND s.student_id = $1 AND s.status = 'Inactive') AS materials_done,
  (SELECT COUNT(*) FROM exercises e JOIN materials m ON m.id = e.material_id WHERE m.class_id ${mine}) AS exercises,
  (SELECT COUNT(*) FROM exercise_scores sc JOIN exercises e ON e.id = sc.exercise_id JOIN materials m ON m.id = e.material_id
    WHERE m.class_id ${mine} AND sc.student_id = $1) AS exercises_done,
  (SELECT COUNT(*) FROM exams x WHERE x.class_id ${mine}) AS exams,
  (SELECT COUNT(*) FROM exam_scores sc JOIN exams x ON x.id = sc.exam_id WHERE x.class_id ${mine} AND sc.student_id = $1) AS exams_done`);
})();

/** A row of examOfClassSql / exerciseOfMaterialSql: the parent's access facts, the item's columns (null: no item). */
export type ItemOfParentRow = {
  class_id: number;
  class_teacher_id: number;
  assigned: DbFlag;
  material_id?: number;
  id: number | null;
  title: string | null;
  total_marks: number | null;
  teacher_id: number | null;
  updated_at: DbTime | null;
  start_time?: DbTime | null;
  end_time?: DbTime | null;
  shuffle_questions: DbFlag | null;
  shuffle_options: DbFlag | null;
  order_seed: string | null;
  kind?: string | null;
  kind_label?: string | null;
  closed_at?: DbTime | null;
  show_answers?: DbFlag | null;
  content?: string | null;
};

/** A row of itemWithSheetSql: the item's facts, and the sheet's columns (null: no sheet yet). */
export type ItemWithSheetRow = {
  id: number;
  title: string;
  total_marks: number;
  teacher_id: number;
  updated_at: DbTime;
  class_id: number;
  class_teacher_id: number;
  start_time: DbTime | null;
  end_time: DbTime | null;
  material_id: number | null;
  sheet_id: number | null;
  answers: unknown;
  status: string | null;
  score: number | null;
  answers_seq: number | null;
};

/** The row of materialDiscussionsSql: the material's access facts, the count, and the page as JSON text. */
export type MaterialDiscussionsRow = {
  id: number;
  class_id: number;
  teacher_id: number;
  class_teacher_id: number;
  assigned: DbFlag;
  total: DbCount;
  discussions: string;
};

/** The row of STUDENT_STATS_SQL. */
export type StudentStatsRow = Record<
  'materials' | 'materials_done' | 'exercises' | 'exercises_done' | 'exams' | 'exams_done',
  DbCount
>;
