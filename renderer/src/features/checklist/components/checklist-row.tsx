import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChecklistItem } from '../../../../../common/checklist-api';
import { DONE_STATES } from '../../../../../common/checklist-api';
import { checklistStateText } from '../../../../../common/checklist/checklist-words';
import '../checklist.css';

/**
 * One item: what it is, its state in words and since when, and what the applicant can do next.
 * When its state changes while the focus is in it (a document received takes its upload control
 * away), the focus goes to its name rather than to the top of the page.
 */
interface ChecklistRowProps {
  item: ChecklistItem;
  /** The item's name is a heading under its group's (4 on /completion, 3 on the staff view). */
  level?: 3 | 4;
  /** The next step is said to the applicant; the staff view leaves it out. */
  withNext?: boolean;
  children?: ReactNode;
}

export function ChecklistRow({ item, level = 4, withNext = true, children }: ChecklistRowProps) {
  const labelId = useId();
  const row = useRef<HTMLLIElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusInside = useRef(false);
  const shownState = useRef(item.state);
  useLayoutEffect(() => {
    if (shownState.current === item.state) return;
    shownState.current = item.state;
    const active = document.activeElement;
    if (focusInside.current && (active === null || active === document.body || row.current?.contains(active))) heading.current?.focus();
  }, [item.state]);

  const done = DONE_STATES.includes(item.state);
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <li
      ref={row}
      aria-labelledby={labelId}
      className={done ? 'checklist__item checklist__item--done' : 'checklist__item'}
      onFocus={() => (focusInside.current = true)}
      // A control removed with the focus blurs with no next target: the focus was still here.
      onBlur={(event) => (focusInside.current = event.relatedTarget === null || row.current?.contains(event.relatedTarget) === true)}
    >
      <Heading id={labelId} ref={heading} tabIndex={-1} className="checklist__label">
        {item.label}
      </Heading>
      <p className="checklist__state">
        <strong>{checklistStateText(item)}</strong>
      </p>
      {withNext && item.next && <p className="checklist__next">{item.next}</p>}
      {children}
    </li>
  );
}
