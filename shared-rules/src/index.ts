export * from './exam-window';
export * from './login-names';
export * from './student-import';
export * from './pictures';
