export * from './exam-window';
export * from './login-names';
export * from './student-import';
export * from './pictures';
export * from './class-names';
export * from './school-ids';
export * from './person-status';
