/** A report's optional reason as typed by the student, in bytes (text-bytes.ts): the report form and the server both cap it here. */
export const MAX_REPORT_REASON_BYTES = 2_000;
