// The lookup question's combobox on downshift, in a chunk of its own (lookup.tsx loads it).
import { useCombobox } from 'downshift';
import { useCallback, useRef, useState } from 'react';
import type { LookupItem } from '../../../../../../common/api';
import { lookupKindOf } from '../../../../../../common/form/lookups';
import { declaredMaxLength } from '../../../../../../common/form/model/define';
import type { LookupDef } from '../../../../../../common/form/types';
import { useLookupAnswers, useLookupSearch, useDebouncedValue } from '../../../lookups';
import {
  describedBy,
  ErrorList,
  QuestionLabel,
  errorIdOf,
  fieldClassName,
  textOf,
  type WidgetProps,
} from './field-parts';
import { LOOKUP_MIN_SEARCH_LENGTH, resultCountMessage, SCHOOL_NOT_CHOSEN_HINT } from './lookup-messages';

/**
 * A record arrives after a fetch; what the applicant typed meanwhile must win. Each keystroke and
 * each choice starts a turn; a choice writes only if its turn is still the latest when it lands.
 */
function useLatestTurn() {
  const turn = useRef(0);
  return useCallback(() => {
    turn.current += 1;
    const mine = turn.current;
    return () => mine === turn.current;
  }, []);
}

export interface LookupInputProps extends WidgetProps {
  lookup: LookupDef;
}

/**
 * The autocomplete of form-content section 2, widget 1, on downshift's combobox: what is typed is
 * the key's own answer (free text is valid); choosing a suggestion fetches the full record and
 * writes every key the lookup fills, with the `_desc` labels of its selects, in one change.
 */
export function LookupInput({ question, lookup, value, errors, hint, hintId, onChange }: LookupInputProps) {
  const key = question.key;
  const text = textOf(value);
  const [isOpen, setIsOpen] = useState(false);
  // Typed since the last choice, so the school was not found (or not yet chosen).
  const [typed, setTyped] = useState(false);
  const beginTurn = useLatestTurn();
  const toAnswers = useLookupAnswers();

  const searchText = useDebouncedValue(text.trim());
  const searching = isOpen && searchText.length >= LOOKUP_MIN_SEARCH_LENGTH;
  const { items, settled } = useLookupSearch(lookup.category, searchText, searching);

  async function choose(item: LookupItem) {
    const isLatest = beginTurn();
    setTyped(false);
    const { values, labels } = await toAnswers(lookup, item);
    if (isLatest()) onChange(values, labels);
  }

  const { highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<LookupItem>({
    items,
    itemToString: (item) => item?.text ?? '',
    itemToKey: (item) => item?.id,
    inputValue: text,
    selectedItem: null,
    isOpen,
    inputId: key,
    labelId: `${key}-label`,
    menuId: `${key}-listbox`,
    getItemId: (index) => `${key}-option-${index}`,
    // Clicking into a filled field does not open suggestions for what is already there.
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputClick ? { ...changes, isOpen: state.isOpen, highlightedIndex: state.highlightedIndex } : changes,
    onIsOpenChange: (changes) => setIsOpen(changes.isOpen ?? false),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) void choose(selectedItem);
    },
  });

  const showingOptions = isOpen && items.length > 0;
  const invalid = errors.length > 0;
  const schoolHintId = `${key}-not-chosen`;
  const showSchoolHint = lookupKindOf(lookup.category) === 'school' && typed && text.trim() !== '' && !showingOptions;
  const status = searching && settled ? resultCountMessage(items.length) : '';

  return (
    <div className={fieldClassName(invalid)}>
      <label {...getLabelProps({ className: 'field__label' })}><QuestionLabel question={question} /></label>
      {hint}
      <div className="lookup">
        <input
          {...getInputProps({
            name: key,
            className: 'field__input',
            inputMode: question.inputMode,
            autoComplete: question.autoComplete ?? 'off',
            maxLength: declaredMaxLength(question),
            'aria-invalid': invalid,
            // Expanded only while there is a list to see: too short a text, or none found, shows none.
            'aria-expanded': showingOptions,
            'aria-describedby': describedBy(hintId, showSchoolHint && schoolHintId, invalid && errorIdOf(key)),
            onChange: (event) => {
              beginTurn();
              setTyped(true);
              const next = event.currentTarget.value;
              onChange({ [key]: next === '' ? null : next });
            },
          })}
        />
        <ul {...getMenuProps({ className: 'lookup__menu', hidden: !showingOptions })}>
          {showingOptions &&
            items.map((item, index) => (
              <li
                key={item.id}
                {...getItemProps({
                  item,
                  index,
                  className: index === highlightedIndex ? 'lookup__option lookup__option--highlighted' : 'lookup__option',
                })}
              >
                <span>{item.text}</span>
                {item.sub_text && <span className="lookup__sub-text">{item.sub_text}</span>}
              </li>
            ))}
        </ul>
      </div>
      {showSchoolHint && (
        <p id={schoolHintId} className="field__hint">
          {SCHOOL_NOT_CHOSEN_HINT}
        </p>
      )}
      <div role="status" aria-live="polite" className="visually-hidden">
        {status}
      </div>
      <ErrorList id={errorIdOf(key)} messages={errors} />
    </div>
  );
}

