import type { ReactNode } from 'react';

interface StaffTableProps {
  /** The scrolling region's name, which a screen reader announces ('Service links table'). */
  label: string;
  columns: readonly string[];
  /** A last column of buttons, headed for screen readers only. */
  actions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A staff page's table: scrolls on its own on a narrow screen (a focusable region, so by keyboard too). */
export function StaffTable({ label, columns, actions = false, children }: StaffTableProps) {
  return (
    <div className="staff-inbox__scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="staff-inbox__table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
