/**
 * Every `code` the API sends beside `error` and `message` in a failure body, so a screen can show the reason in the
 * user's language. Codes are stable and name the reason, not the status. Each maps to the English message template
 * the server writes; `{name}` marks a value that the body also carries in `params` (e.g.
 * `{code: 'image-too-large', params: {field: 'content["1_pict"]', limit: '5 MB'}}`).
 */
export const ERROR_CODES = {
  // One generic code per status, for the refusals without a specific one.
  'bad-request': 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  'not-found': 'Not found',
  conflict: 'Conflict',
  'payload-too-large': 'Request body is too large (max {limit} here)',
  'body-too-many-values': 'Request body holds too many values (max {limit})',
  'unsupported-media-type': 'Unsupported media type',
  'too-many-requests': 'Too many requests',
  internal: 'Internal Server Error',

  // Request validation (the schemas): `field` is the top-level body/query field; `question` or `item` the entry
  // inside it; `where` ('request' | 'query' | 'address') when the whole body is meant.
  'validation-required': '{field} is required.',
  'validation-unknown-field': 'Unknown field "{name}" in the {where}.',
  'validation-empty': '{field} must not be empty.',
  'validation-too-short': '{field} must be at least {limit} characters.',
  'validation-too-long': '{field} must be at most {limit} characters.',
  'validation-minimum': '{field} must be at least {limit}.',
  'validation-exclusive-minimum': '{field} must be more than {limit}.',
  'validation-maximum': '{field} must be at most {limit}.',
  'validation-exclusive-maximum': '{field} must be less than {limit}.',
  'validation-type': '{field} must be {type}.',
  'validation-enum': '{field} must be one of: {values}.',
  'validation-const': '{field} must be {value}.',
  'validation-format': '{field} must be {format}.',
  'validation-pattern': '{field} is not in the expected form.',
  'validation-too-few-items': '{field} must have at least {limit} items.',
  'validation-too-many-items': '{field} must have at most {limit} items.',
  'validation-too-many-entries': '{field} must have at most {limit} entries.',
  'validation-multiple-of': '{field} must be a multiple of {multipleOf}.',
  'validation-invalid': '{field} is not valid.',
  'page-out-of-range': 'page must be a number from 1 to {max}',
  'invalid-text': 'Text must be valid Unicode: no NUL character (\\u0000) and no unpaired surrogate (\\ud800-\\udfff)',
  'number-out-of-range': 'A number is out of range',
  'value-malformed': 'A value is malformed (not a valid number, date or JSON text)',
  'time-zone-invalid': 'A date-time has an invalid time zone offset',

  // Signing in and the session.
  'login-failed': 'Invalid username or password',
  'login-fields-required': 'Invalid input: username and password are required',
  'account-deactivated': 'This account is deactivated. Ask the school admin to reactivate it.',
  'too-many-attempts': 'Too many attempts, please try again in {seconds} seconds',
  'server-busy': 'The server is busy signing others in, please try again in a moment',
  'content-busy': 'The server is busy saving other large texts, please try again in a moment',
  'token-missing': 'Missing token',
  'session-expired': 'Invalid token (expired, ended by a password change, or the account is gone)',
  'wrong-current-password': 'Old password is incorrect',
  // A new password that breaks a rule of shared-rules/src/passwords.ts.
  'password-too-short': 'The new password must be at least {limit} characters long',
  'password-too-long': 'The new password must be at most {limit} characters long',
  'password-same-as-current': 'The new password must be different from the current password',

  // Login names (usernames, NIS, NIP): `field` names which.
  'login-name-empty': '{field} must not be empty',
  'login-name-spaces': '{field} must not contain spaces',
  'login-name-invisible': '{field} must not contain invisible or formatting characters',
  'login-name-mixed-scripts': '{field} must use the letters of one alphabet only',
  'login-name-not-normalized': 'username must be given in its normalized (NFKC, trimmed) form',
  'school-id-not-digits': '{field} must contain digits only (0-9)',

  // Records: `what` is class, material, exercise, exam, student, teacher, user, discussion, reply, report, image,
  // answer-sheet or grade.
  'record-not-found': '{what} not found',
  'route-not-found': 'Route {method} {path} not found',
  'student-not-in-class': 'Student not found in this class',
  'not-assigned-to-class': 'Forbidden: you are not assigned to this class',
  'duplicate-record': 'Conflict: a record with these values already exists',
  'reference-missing': 'A referenced record does not exist',
  'duplicate-nis': 'NIS {number} already exists',
  'duplicate-nip': 'NIP {number} already exists',
  'duplicate-username': 'Username {username} is already used by another account',
  'duplicate-email': 'Email {email} is already used by another account',
  'duplicate-class-name': 'A class named "{name}" already exists in grade {grade}.',
  'restore-name-taken':
    'Cannot restore: a class named "{name}" already exists in grade {grade}. Rename that class first.',
  'class-archived': 'This class is archived: it can be read but not changed. An admin can restore it.',
  'class-not-archived': 'This class is not archived',
  'item-exists': '{what} already exists',
  // Copying a material into parallel classes (POST /materials/copy).
  'copy-to-same-class': 'A material is copied into other classes, not into its own class',
  'copy-grade-mismatch':
    'Class {classId} is in grade {grade}: a material is copied only into classes of its own grade ({sourceGrade})',
  'already-reported': 'You have already reported this message',
  'students-already-in-class': 'Students already assigned to this class: {studentIds}',
  'unknown-students': 'Unknown student ids: {studentIds}',
  'unknown-teacher': 'teacher_id {teacherId} does not exist',
  'teacher-has-classes': 'This teacher still teaches {count} classes: {classes}. Give them to another teacher first.',
  'last-admin': 'This is the only admin account: make another account admin before changing its role.',
  'account-of-role': 'This is a {role} account: change it through /{role}s',
  'no-login': 'This profile has no login to deactivate',
  'import-rejected': 'Import rejected: {count} problems found, nothing was created',
  // Rows of a refused student import (each row error carries its own code and params).
  'import-grade': 'grade must be 10, 11 or 12',
  'import-nis-repeated': 'nis {nis} is repeated (first on row {first})',
  'import-class-unknown': 'class "{name}" does not exist in grade {grade}',
  // Bulk roster changes (assign to, move to another class, unassign): `studentIds` lists every id refused.
  'students-not-in-class': 'Students not in this class: {studentIds}',
  'students-already-in-target': 'Students already in {name}: {studentIds}',
  'roster-same-class': 'Choose another class than this one',
  'roster-other-grade': '{name} is a grade {grade} class: students move only between classes of grade {classGrade}',

  // Exams, exercises and answer sheets.
  'exam-not-started': 'The exam has not started yet',
  'exam-ended': 'The exam has ended',
  // A class's term of exams (one current exam at a time) and its gradebook.
  'exam-not-ended': 'Only an exam that has ended can be closed',
  'exam-already-closed': 'This exam is closed already',
  'exam-not-closed': 'This exam is not closed',
  'class-has-current-exam': 'The class has a current exam: close it before reopening another',
  'weights-sum': 'The weights must add up to 100 (they add up to {sum})',
  'sheet-already-submitted': 'Sheet already submitted',
  'sheet-save-retry': 'The answer sheet could not be saved, please retry',
  'exam-other-device': 'This exam is open on another device: ask the proctor to release it, or go on there',
  // Sealed answers delivered after a sign-out (POST /sealed-answers).
  'sealed-unreadable': 'The sealed answers could not be opened',
  'sealed-already-delivered': 'These sealed answers were delivered already',
  'sealed-no-open-sheet': 'There is no open answer sheet for these answers',
  'answers-or-changes': 'Send either the answers or the changes to save',
  'too-many-questions': 'There are at most {limit} questions',
  'not-graded-yet': 'This answer sheet has not been graded yet',
  'exam-window-invalid': 'The exam window is not valid (start_time and end_time, RFC 3339 with an offset)',
  'exam-window-order': 'end_time must be after start_time',
  'grading-invalid': 'The grading change is not valid',
  'score-out-of-range': 'score must be between 0 and {max}',
  'discussion-full': 'This discussion is full (at most {maxReplies} replies and {maxBytes} bytes of replies).',

  // Content: question maps, answers, rich text and pictures (`field` names where, e.g. content["3_pict"]).
  'content-invalid': 'The content is not valid',
  'answer-too-long': 'answers["{question}"] is too long (max {limit} bytes)',
  'text-too-large': '{field} is too long (max {limit} bytes)',
  'no-such-question': 'Question {question} does not exist: this item has {questions} question(s)',
  'sheet-too-large': 'The answers together are too large (max {limit} bytes)',
  'html-too-long': 'HTML is too long (max {limit} characters without pictures)',
  'html-too-deep': 'HTML is nested more than {limit} levels deep',
  'html-too-many-elements': 'HTML has more than {limit} elements',
  'formula-too-long': 'A formula is too long (max {limit} characters)',
  'image-too-large': '{field}: the image is too large (max {limit})',
  'image-too-many-pixels': '{field}: the image is {width} × {height} pixels (max {limit} pixels on each side)',
  'image-type-not-accepted': '{field}: images of type "{type}" are not accepted (PNG, JPEG, GIF or WebP only)',
  'not-an-image': '{field}: the image is not a valid picture (data: URL, base64, or data matching its type)',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The values a message holds, for a translation to put in its place (scalars: lists come joined, as in the message). */
export type ErrorParams = Record<string, string | number | boolean>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
};

/** The code of a refusal without a specific one: by its status (other 4xx are bad requests, 5xx internal). */
export function genericErrorCode(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 400 && status < 500 ? 'bad-request' : 'internal');
}
