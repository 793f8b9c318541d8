export type { CaseComment } from './case-comment.js';
export { type CaseStore, createCaseStore, settableStatuses } from './create-case-store.js';
