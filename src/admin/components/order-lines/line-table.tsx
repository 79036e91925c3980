import type { ReactNode } from 'react';
import { bothNames } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';

/** One column after the product: its header and what a line shows in it. */
export interface LineColumn<Line> {
  header: string;
  cell: (line: Line) => ReactNode;
}

/**
 * An order's lines as the console lists them (the order page, the packing bench): the product in
 * the staff member's language with the other name under it, then the page's own columns.
 */
export function LineTable<Line extends { id: number; en_name: string; zn_name: string }>({
  lines,
  productHeader,
  productNote,
  columns,
}: {
  lines: Line[];
  productHeader: string;
  /** Shown under the names (the order page's "if missing" tag). */
  productNote?: (line: Line) => ReactNode;
  columns: LineColumn<Line>[];
}) {
  const language = useLanguage();
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">{productHeader}</th>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const [first, second] = bothNames(line, language);
          return (
            <tr key={line.id}>
              <td>
                {first}
                <span className="orders-sub" lang={language === 'zh' ? 'en' : 'zh-CN'}>
                  {second}
                </span>
                {productNote?.(line)}
              </td>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(line)}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
