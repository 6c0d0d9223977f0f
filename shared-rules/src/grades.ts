/**
 * The grades of an Indonesian senior high school (SMA): 10, 11 and 12, also written in roman numerals X, XI, XII.
 * Every list of grades, route schema, promotion limit and menu is built from these, never written out again
 * (scripts/one-home-rules.test.ts keeps it so).
 */
export const STUDENT_GRADES = [10, 11, 12] as const;
export type StudentGrade = (typeof STUDENT_GRADES)[number];

/** The lowest and the highest grade: a student below or above them has nowhere to move. */
export const FIRST_GRADE: StudentGrade = STUDENT_GRADES[0];
export const LAST_GRADE: StudentGrade = STUDENT_GRADES[STUDENT_GRADES.length - 1];

export function isStudentGrade(grade: unknown): grade is StudentGrade {
  return (STUDENT_GRADES as readonly unknown[]).includes(grade);
}

/** Each grade in roman numerals, as Indonesian schools also write it (class names such as "XI IPA 2", import files). */
export const ROMAN_GRADE: Readonly<Record<StudentGrade, string>> = { 10: 'X', 11: 'XI', 12: 'XII' };

/** The grade a roman numeral stands for, in any letter case ("xi" → 11); undefined for anything else. */
export function gradeOfRoman(text: string): StudentGrade | undefined {
  const upper = text.toUpperCase();
  return STUDENT_GRADES.find((grade) => ROMAN_GRADE[grade] === upper);
}
