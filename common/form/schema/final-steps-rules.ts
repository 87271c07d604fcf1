import type { RuleTable } from './rule';

/** The Final Steps rules of form-content section 5 (in-state tuition questionnaire, its documents, closing). */
export const finalStepsRules: RuleTable = {};
