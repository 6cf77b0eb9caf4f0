import { type ReactNode, Suspense } from 'react';
import { cn } from '~/lib/cn';
import { useNearScreen } from '~/lib/use-near-screen';
import { ChartBox } from './skeleton';

/**
 * A chart card's body: the drawing for sighted users, once in the browser and near the screen
 * (charts measure the DOM, load lazily and cost a phone about a second: decision 124), and the
 * same figures as a table for screen readers. `rows` are the table's cells,
 * formatted, the first of each its row's header.
 */
export function ChartWithTable({
  chart,
  heightClass,
  caption,
  columns,
  rows,
}: {
  chart: ReactNode;
  heightClass: string;
  caption: string;
  columns: string[];
  rows: string[][];
}) {
  const [box, near] = useNearScreen<HTMLDivElement>();
  const placeholder = <ChartBox className="size-full" />;
  return (
    <>
      <div ref={box} className={cn('mt-4 min-w-0', heightClass)} aria-hidden="true">
        {near ? <Suspense fallback={placeholder}>{chart}</Suspense> : placeholder}
      </div>
      {/* sr-only on the wrapper: a table would keep its content's width and widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
