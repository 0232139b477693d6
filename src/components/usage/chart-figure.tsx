import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import table from "@/components/ui/table.module.css";
import styles from "./usage.module.css";

export type TDataColumn<Row> = { label: string; value: (row: Row) => ReactNode };

/**
 * A chart in a card, with its figures as a table behind "Show the numbers": the picture for
 * people who would rather look, the table for those who would rather read or use a screen reader.
 */
export function ChartFigure<Row>({
  title,
  description,
  rows,
  columns,
  rowKey,
  children,
}: {
  title: string;
  description: string;
  rows: Row[];
  columns: TDataColumn<Row>[];
  rowKey: (row: Row) => string;
  children: ReactNode;
}) {
  return (
    <Card title={title} description={description} aria-label={title}>
      <figure className={styles.chart}>
        <div className={styles.plot} aria-hidden="true">
          {children}
        </div>
        <figcaption className="sr-only">{description}</figcaption>
      </figure>
      <details className={styles.data}>
        <summary>Show the numbers</summary>
        <div className={table.wrap}>
          <table className={table.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.label}>{column.value(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
