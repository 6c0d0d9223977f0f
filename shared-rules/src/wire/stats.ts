/** The dashboards' figures (GET /stats/admin, /stats/teacher, /stats/student) and a student's to-do list (GET /students/todo). */
import { Type } from 'typebox';
import { examStatusSchema, nullable } from './common';

export const adminStatsSchema = Type.Object({
  classes: Type.Array(
    Type.Object({
      class_id: Type.Integer(),
      name: Type.String(),
      grade: Type.Integer(),
      students: Type.Integer(),
      tasks_completed: Type.Integer(),
      tasks_uncompleted: Type.Integer(),
      exam_done: Type.Integer(),
      exam_not_done: Type.Integer(),
    }),
  ),
});

/** An exam with its class, window (WIB) and status now. */
const examInClass = {
  id: Type.Integer(),
  class_id: Type.Integer(),
  class_name: Type.String(),
  title: Type.String(),
  start_time: Type.String(),
  end_time: Type.String(),
  status: examStatusSchema,
};

export const teacherStatsSchema = Type.Object({
  performance: Type.Array(Type.Object({ grade: Type.Integer(), average: nullable(Type.Number()) })),
  submissions: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM (WIB)' }), count: Type.Integer() })),
  upcoming_exams: Type.Array(Type.Object(examInClass)),
  active_today: Type.Integer(),
});

/** Objects keep `additionalProperties: true` (as the first-load reads of server/src/routes/read-schemas.ts). */
const open = { additionalProperties: true };
const completedOf = Type.Object({ completed: Type.Number(), total: Type.Number() }, open);

export const studentStatsSchema = Type.Object(
  {
    materials: Type.Object({ done: Type.Number(), total: Type.Number() }, open),
    tasks: completedOf,
    exams: completedOf,
  },
  open,
);

const inClass = { class_id: Type.Integer(), class_name: Type.String() };

/** What the signed-in student has to do now (exam times in WIB, `created_at` in UTC). */
export const studentTodoSchema = Type.Object({
  exams: Type.Array(Type.Object(examInClass)),
  exercises: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      material_id: Type.Integer(),
      material_title: Type.String(),
      ...inClass,
      started: Type.Boolean({ description: 'the student has an unsubmitted sheet' }),
    }),
  ),
  materials: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), ...inClass, created_at: Type.String() }),
  ),
});
