/** Class names within one grade are unique as a reader sees them: ignoring surrounding spaces and letter case. */
export function classNameKey(name: string): string {
  return name.normalize('NFKC').trim().toLocaleLowerCase('id');
}

/** The message both the server and the admin app show for a taken name. */
export function duplicateClassNameMessage(name: string, grade: number): string {
  return `A class named "${name}" already exists in grade ${grade}.`;
}
