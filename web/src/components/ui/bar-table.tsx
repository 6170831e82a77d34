// A bar chart that is a table: each row's name, its figure and a bar of that figure's share of the
// largest. Screen readers read the table; the bars are decoration drawn with CSS (no library).
import type { ReactNode } from 'react';

export interface BarRow {
  key: string;
  name: ReactNode;
  value: number;
}

export function BarTable({
  caption,
  head,
  rows,
  empty,
  testId,
}: {
  caption: string;
  head: [string, string];
  rows: readonly BarRow[];
  empty: string;
  testId: string;
}) {
  const largest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <div data-testid={testId}>
      <h4 className="mb-2 text-sm font-semibold text-slate-700">{caption}</h4>
      {rows.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-500">{empty}</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{head[0]}</th>
              <th scope="col">{head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100 last:border-0">
                <td className="relative py-1.5 pr-3 text-slate-900">
                  <span
                    aria-hidden="true"
                    data-testid="bar"
                    className="absolute inset-y-1 left-0 rounded bg-indigo-100"
                    style={{ width: `${Math.round((row.value / largest) * 100)}%` }}
                  />
                  <span className="relative break-all px-1">{row.name}</span>
                </td>
                <td className="w-16 py-1.5 text-right tabular-nums text-slate-600">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
