/** Class names within one grade are unique as a reader sees them: ignoring surrounding spaces and letter case. */
export function classNameKey(name: string): string {
  return name.normalize('NFKC').trim().toLocaleLowerCase('id');
}

/** The message both the server and the admin app show for a taken name. */
export function duplicateClassNameMessage(name: string, grade: number): string {
  return `A class named "${name}" already exists in grade ${grade}.`;
}

/**
 * The class a name stands for within a grade (an import row's "X IPA 1" against the grade's classes), by the same
 * rule that keeps names unique; undefined when the grade has no class of that name.
 */
export function findClassByName<C extends { name: string; grade: number }>(classes: readonly C[], grade: number, name: string): C | undefined {
  const key = classNameKey(name);
  return classes.find((c) => c.grade === grade && classNameKey(c.name) === key);
}
