import i18next from 'i18next';

/**
 * A student-import row problem in the active language. The problems come as English sentences from shared-rules'
 * checkStudentRows (the preview) and from the server (the same rules, plus a NIS already in use); each known sentence
 * is matched here and said again from its message key. The field names (name, nis, grade, status) are the CSV
 * file's column names and stay as they are; a sentence not known here is shown as it came.
 */
const PROBLEMS: { pattern: RegExp; key: string; params: (m: RegExpMatchArray) => Record<string, string> }[] = [
  { pattern: /^(\w+) is required$/, key: 'admin:import.rowProblems.required', params: (m) => ({ field: m[1] }) },
  { pattern: /^(\w+) must be at most (\d+) characters$/, key: 'admin:import.rowProblems.tooLong', params: (m) => ({ field: m[1], limit: m[2] }) },
  { pattern: /^grade must be 10, 11 or 12$/, key: 'admin:import.rowProblems.grade', params: () => ({}) },
  { pattern: /^nis (.+) is repeated \(first on row (\d+)\)$/, key: 'admin:import.rowProblems.repeated', params: (m) => ({ nis: m[1], first: m[2] }) },
  { pattern: /^nis (.+) already exists$/, key: 'admin:import.rowProblems.taken', params: (m) => ({ nis: m[1] }) },
  { pattern: /^(\w+) must not be empty$/, key: 'admin:import.rowProblems.empty', params: (m) => ({ field: m[1] }) },
  { pattern: /^(\w+) must not contain spaces$/, key: 'admin:import.rowProblems.spaces', params: (m) => ({ field: m[1] }) },
  { pattern: /^(\w+) must not contain invisible or formatting characters/, key: 'admin:import.rowProblems.invisible', params: (m) => ({ field: m[1] }) },
  { pattern: /^(\w+) must use the letters of one alphabet only/, key: 'admin:import.rowProblems.mixedScripts', params: (m) => ({ field: m[1] }) },
  { pattern: /^(\w+) must contain digits only \(0-9\)$/, key: 'admin:import.rowProblems.digits', params: (m) => ({ field: m[1] }) },
];

export function rowProblemText(message: string): string {
  for (const { pattern, key, params } of PROBLEMS) {
    const match = message.match(pattern);
    if (match) return i18next.t(key, params(match));
  }
  return message;
}
