import { markOf, type PrintItem } from '../../common/form/print-items';

/** Each printed item as one line of text, as it prints: headings '# title', answers 'label: value'. */
export function printedLines(items: readonly PrintItem[]): string[] {
  return items.map((item) => {
    switch (item.kind) {
      case 'page':
      case 'section':
      case 'block':
        return `# ${item.title}`;
      case 'field':
      case 'upload':
        return `${item.label}: ${item.value}`;
      case 'choices':
        return `${item.label}: ${item.choices.map(markOf).join(' ')}`;
      case 'check':
        return markOf(item.choice);
    }
  });
}
