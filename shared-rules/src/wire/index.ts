/**
 * The wire schemas, one namespace per resource. Not exported by shared-rules' index: the server imports them, the
 * browser packages only with `import type` (scripts/wire-imports.test.ts).
 */
export * as analysis from './analysis';
export * as assessments from './assessments';
export * as classes from './classes';
export * as common from './common';
export * as discussions from './discussions';
export * as gradebook from './gradebook';
export * as materials from './materials';
export * as people from './people';
export * as reports from './reports';
export * as review from './review';
export * as stats from './stats';
