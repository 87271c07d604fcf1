// The ESLint rule that keeps features apart (issue 27 item 4, STYLE.md item 4): code outside a
// feature imports it through its public entry, features/<name>/index.ts, never a module inside it.
// A dynamic import() may name the module itself: each is a code-split point (a lazy page, route or
// widget), and going through the entry would load the whole feature with it.
import path from 'node:path';

const ENTRY = new Set(['', 'index', 'index.ts', 'index.tsx']);

// A feature's second public entry, for what the layers under the features compose (issue 36 item 1):
// the typed answers live in features/answers, and state/'s validation, submission and left fields
// derive from them. Through the index they would make a circle (state/validation -> the index ->
// the save hook -> state/validation) and load the whole feature with every question.
const SECOND_ENTRIES = new Map([['answers', new Set(['typed-answers', 'typed-answers.ts'])]]);

/** The feature a path lies in and the path inside it, or null outside renderer/src/features. */
function inFeature(file) {
  const parts = path.resolve(file).split(path.sep);
  for (let at = parts.length - 3; at >= 0; at -= 1) {
    if (parts[at] === 'renderer' && parts[at + 1] === 'src' && parts[at + 2] === 'features' && parts[at + 3]) {
      return { feature: parts[at + 3], inside: parts.slice(at + 4).join('/') };
    }
  }
  return null;
}

const featureEntries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its public entry, features/<name>' },
    schema: [],
    messages: { deep: 'Import another feature through its public entry (features/{{feature}}), not {{path}} (issue 27 item 4).' },
  },
  create(context) {
    const from = inFeature(context.filename);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = inFeature(path.resolve(path.dirname(context.filename), specifier));
      if (!target || target.feature === from?.feature || ENTRY.has(target.inside)) return;
      if (SECOND_ENTRIES.get(target.feature)?.has(target.inside)) return;
      context.report({ node: node.source, messageId: 'deep', data: { feature: target.feature, path: specifier } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const houseRules = { rules: { 'feature-entries': featureEntries } };
