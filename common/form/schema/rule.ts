import type { FieldRule, Message } from '../types';

export type { FieldRule, Message, RuleContext } from '../types';

/** The rules of each answer key (or check-group id), beyond the generic defaults. */
export type RuleTable = Readonly<Record<string, readonly FieldRule[]>>;

export function messageFor(message: Message, label: string): string {
  return typeof message === 'function' ? message(label) : message;
}
