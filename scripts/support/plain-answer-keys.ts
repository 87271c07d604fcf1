import { answerFields } from '../../common/form/model';
import { formPages } from '../../common/form/pages';
import { keysToClear } from '../../common/form/visibility';

/**
 * Text answers no condition reads and no condition hides, so the server never clears them: a save
 * of any value to one of these keys must be stored exactly as sent (durability test, load benchmark).
 */
export const plainAnswerKeys: readonly string[] = (() => {
  const governing = new Set<string>();
  JSON.stringify(formPages, (name, value: unknown) => {
    if (['condition', 'dependsOn', 'trigger', 'group'].includes(name)) for (const key of JSON.stringify(value).match(/"[a-z0-9_]+"/g) ?? []) governing.add(key.slice(1, -1));
    return value;
  });
  const candidates = answerFields.filter((field) => (field.type === 'text' || field.type === 'textarea') && field.maxLength >= 12 && !governing.has(field.key)).map((field) => field.key);
  const hidden = new Set(keysToClear(formPages, Object.fromEntries(candidates.map((key) => [key, 'x']))));
  return candidates.filter((key) => !hidden.has(key));
})();
