import type { ReactNode } from 'react';
import { usePhoneLayout } from '../hooks/use-phone-layout';

interface ShortOnPhoneProps {
  /** The line that stands for the panel on a phone: its heading, or the whole of a one-paragraph notice. */
  summary: ReactNode;
  /** The rest of the panel. */
  children?: ReactNode;
}

/**
 * A banner or panel above the form (issue 26, item 4): on a wider screen the summary and the rest
 * as they are; on a phone one line, the summary, that opens the panel in full (details and
 * summary), so the form's first question is on the first screen and no text of the spec is lost.
 */
export function ShortOnPhone({ summary, children }: ShortOnPhoneProps) {
  const isPhone = usePhoneLayout();
  if (!isPhone) {
    return (
      <>
        {summary}
        {children}
      </>
    );
  }
  return (
    <details className="short-on-phone">
      <summary className="short-on-phone__summary">{summary}</summary>
      {children}
    </details>
  );
}
