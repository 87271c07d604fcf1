import type { WidgetProps, WidgetView } from './field-parts';
import { lazyWidget, useWidgetOnFocus } from './lazy-widget';
import { textWidget } from './text';

/**
 * The combobox (and downshift with it) loads when a lookup is first focused or at the first idle
 * moment after it shows, not with the page (issues 18 item 2, 26 item 5); until it is there, the
 * question is a text field.
 */
export const LookupInput = lazyWidget(() => import('./lookup-input').then((module) => module.LookupInput));

/** A lookup question without its search definition is a plain text field. */
function LookupEdit(props: WidgetProps) {
  const lookup = props.question.lookup;
  if (!lookup) return <textWidget.Edit {...props} />;
  return <LookupOnFocus {...props} lookup={lookup} />;
}

function LookupOnFocus({ lookup, ...props }: WidgetProps & { lookup: NonNullable<WidgetProps['question']['lookup']> }) {
  const { Loaded, onFocus, onBlur } = useWidgetOnFocus(LookupInput, props.question.key, { alsoWhenIdle: true });
  if (Loaded) return <Loaded {...props} lookup={lookup} />;
  return (
    // No box of its own: only there to hear the text field's focus.
    <div style={{ display: 'contents' }} onFocus={onFocus} onBlur={onBlur}>
      <textWidget.Edit {...props} />
    </div>
  );
}

export const lookupWidget: WidgetView = { Edit: LookupEdit };
