import { createContext, useContext, type ReactNode } from 'react';

/** What the print view of an application needs from the route that shows it. */
export interface PrintView {
  /** Where the converted document answering `key` opens, or null where it cannot be opened. */
  documentHref(key: string): string | null;
}

const PrintViewContext = createContext<PrintView | null>(null);

/**
 * Draws the application inside as its print view: answers as text, no form controls. The route
 * says so (the service link's view, the staff view of an application); no widget reads the URL.
 */
export function PrintViewProvider({ view, children }: { view: PrintView; children: ReactNode }) {
  return <PrintViewContext value={view}>{children}</PrintViewContext>;
}

/** The print view the route gave, or null in the applicant's form. */
export function usePrintView(): PrintView | null {
  return useContext(PrintViewContext);
}
