/**
 * A question's label, exactly, whether or not it is marked "(optional)" (issue 33 item 7: a
 * question no rule asks an answer of says so; College 1 asks more than College 2 does).
 */
export const questionLabel = (label: string): RegExp =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(optional\\))?$`);
