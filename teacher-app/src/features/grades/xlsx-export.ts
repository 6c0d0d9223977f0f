// The grades as an Excel file, with a column per question and the essays still waiting for a score. Loaded only when
// the teacher clicks the export (Grades.tsx imports it on click), together with the spreadsheet writer. The file's
// headers and words stay English in every language: files are exchanged with other systems.
import i18next from 'i18next';
import {
  examsApi,
  exercisesApi,
  materialsApi,
  parseQuestions,
  type Grade,
  type Question,
  type Submission,
} from '@kelasku/shared-api';
import { fileNameOf } from '@kelasku/shared-api/src/download';
import { downloadXlsx, type XlsxCell } from '@kelasku/shared-api/src/xlsx';
import { myClasses } from '../../lib/classes';
import { DEFAULT_EXAM_KIND, examKindFileName } from '@kelasku/shared-rules/src/exam-kinds';
import { workApi, type WorkRef } from '../../lib/work';

/** What the file needs to know about the exercise or exam: its title, its class's name and its questions. */
export interface GradedWork {
  title: string;
  className: string;
  questions: Question[];
}

/** Finds the exercise or exam among the teacher's classes (the grades screen knows only its id). */
export async function findGradedWork(work: WorkRef): Promise<GradedWork> {
  const classes = await myClasses();
  if (work.kind === 'exam') {
    // by its id: a closed exam is no longer its class's (the class-keyed read serves only the current one)
    const exam = await examsApi.byId(work.id).catch(() => undefined);
    const cls = exam && classes.find((c) => c.id === exam.class_id);
    if (!exam || !cls) throw new Error(i18next.t('teacher:grades.export.examNotYours'));
    return {
      title: `${examKindFileName(exam.kind ?? DEFAULT_EXAM_KIND, exam.kind_label)} - ${exam.title}`,
      className: cls.name,
      questions: parseQuestions(exam.content),
    };
  }
  const pages = await Promise.all(
    classes.map((c) => materialsApi.fromClass(c.id, 1, 100).then((p) => p.materials.map((m) => ({ m, c })))),
  );
  const found = pages.flat().find(({ m }) => m.exercise_id === work.id);
  const exercise = found && (await exercisesApi.byMaterial(found.m.id))[0];
  if (!found || !exercise) throw new Error(i18next.t('teacher:grades.export.exerciseNotYours'));
  return { title: exercise.title, className: found.c.name, questions: parseQuestions(exercise.content) };
}

type Detail = Grade['detail'];

/** One question's cell: 1 or 0 for multiple choice (correct or not), the essay's score, or 'pending'. */
function questionCell(detail: Detail, n: number): XlsxCell {
  const d = detail?.[String(n)];
  if (d === undefined || d === null) return null;
  if (typeof d === 'boolean') return d ? 1 : 0;
  if (typeof d === 'string') return d;
  if (d.kind === 'mc') return d.correct ? 1 : 0;
  return d.pending || d.score === null ? 'pending' : d.score;
}

function pendingCount(detail: Detail): number {
  return Object.values(detail ?? {}).filter(
    (d) => typeof d === 'object' && d !== null && d.kind === 'essay' && (d.pending || d.score === null),
  ).length;
}

/** The sheet: header, then one row per student (scores as numbers; empty where there is no grade yet). */
export function gradesSheetRows(list: Submission[], questions: Question[], details: Map<number, Detail>): XlsxCell[][] {
  const header = [
    'Name',
    'NIS',
    'Status',
    'Score',
    'Pending essays',
    ...questions.map((q, i) => (q.type === 'essay' ? `Q${i + 1} (essay)` : `Q${i + 1} (1 = correct)`)),
  ];
  return [
    header,
    ...list.map((r) => {
      const graded = details.has(r.student_id);
      const detail = details.get(r.student_id) ?? null;
      return [
        r.name,
        r.nis,
        r.status,
        r.score,
        graded ? pendingCount(detail) : null,
        ...questions.map((_, i) => (graded ? questionCell(detail, i + 1) : null)),
      ];
    }),
  ];
}

/** Each graded student's per-question detail, a few requests at a time. */
async function loadDetails(work: WorkRef, list: Submission[]): Promise<Map<number, Detail>> {
  const api = workApi(work.kind);
  const graded = list.filter((r) => r.score !== null);
  const details = new Map<number, Detail>();
  for (let i = 0; i < graded.length; i += 6) {
    const batch = graded.slice(i, i + 6);
    const grades = await Promise.all(batch.map((r) => api.grade(work.id, r.student_id)));
    batch.forEach((r, j) => {
      if (grades[j][0]) details.set(r.student_id, grades[j][0].detail);
    });
  }
  return details;
}

/** Builds and saves 'Grades - <class> - <title>.xlsx'. */
export async function exportGradesXlsx(work: WorkRef, list: Submission[]): Promise<void> {
  const [info, details] = await Promise.all([findGradedWork(work), loadDetails(work, list)]);
  const rows = gradesSheetRows(list, info.questions, details);
  await downloadXlsx(fileNameOf(['Grades', info.className, info.title], 'xlsx'), rows, 'Grades');
}
