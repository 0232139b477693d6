import table from "./table.module.css";

/** Placeholder rows while a list loads, so the page does not jump when it arrives. */
export function TableSkeleton({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className={table.skeletonRow} aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span className={table.skeleton} style={{ width: column === 0 ? "60%" : "40%" }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
