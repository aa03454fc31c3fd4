import type { ReactNode } from "react";

export type TableColumn = {
  label: string;
  /** Figures align right. */
  numeric?: boolean;
  /** Read by screen readers only (an actions column). */
  hidden?: boolean;
};

/**
 * A table that scrolls inside its own focusable region on a 360 px phone instead of widening the
 * page; the caption names it for screen readers. `children` are the body's rows.
 */
export function ScrollTable({
  caption,
  className,
  columns,
  children,
  footer,
}: {
  caption: string;
  className: string;
  columns: readonly TableColumn[];
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className={className}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.numeric ? "num" : undefined}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
