import type { RuleTable } from './rule';

/** The Your Academics rules of form-content section 5 (prior attendance, colleges, program, essays, GMAT). */
export const educationRules: RuleTable = {};
