/** A report's optional reason as typed by the student: the report form and the server both cap it here. */
export const MAX_REPORT_REASON_CHARS = 500;
