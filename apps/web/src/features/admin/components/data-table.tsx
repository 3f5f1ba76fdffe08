import type { ReactNode } from "react";
import look from "./console.module.css";

export interface Column {
  label: string;
  /** Left out on a phone (the table scrolls sideways for what stays). */
  wide?: boolean;
  /** Read by screen readers only (an actions column). */
  quiet?: boolean;
}

/** The console's one table: a header of columns, one row per entry, scrolling inside its card on a phone. */
export function DataTable({ columns, rows }: { columns: Column[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className={look.tableWrap}>
      <table className={look.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.wide ? look.hideNarrow : undefined}>
                {column.quiet ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index} className={columns[index]?.wide ? look.hideNarrow : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
