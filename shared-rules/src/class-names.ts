/**
 * Class names within one grade are unique as a reader sees them: ignoring surrounding spaces, runs of spaces inside,
 * letter case and compatibility forms (full-width letters, ligatures). The database keeps this key beside each name
 * (classes.name_key) and its unique index is over it, so the index and this rule cannot disagree.
 */
export function classNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('id');
}

/** The message both the server and the admin app show for a taken name. */
export function duplicateClassNameMessage(name: string, grade: number): string {
  return `A class named "${name}" already exists in grade ${grade}.`;
}

/**
 * The class a name stands for within a grade (an import row's "X IPA 1" against the grade's classes), by the same
 * rule that keeps names unique; undefined when the grade has no class of that name.
 */
export function findClassByName<C extends { name: string; grade: number }>(
  classes: readonly C[],
  grade: number,
  name: string,
): C | undefined {
  const key = classNameKey(name);
  return classes.find((c) => c.grade === grade && classNameKey(c.name) === key);
}

/** Why an archived class cannot come back while another class of its grade holds its name. */
export function restoreNameTakenMessage(name: string, grade: number): string {
  return `Cannot restore: a class named "${name}" already exists in grade ${grade}. Rename that class first.`;
}

/** The refusal of any change to an archived class or to what is in it. */
export const ARCHIVED_CLASS_MESSAGE =
  'This class is archived: it can be read but not changed. An admin can restore it.';
