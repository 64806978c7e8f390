// The dashboard's charts, drawn here: stacked columns and ranked bars, HTML with SVG shapes (about
// 1 KB gzipped, where a bar chart of Chart.js 4.6 weighs 55 KB and uPlot 1.6 23 KB, for two
// shapes). Each chart is a figure whose picture is summed up in one sentence for screen readers,
// with its exact numbers in a table one click away: the table is the chart's text, not a copy.
import { useId, type ReactNode } from 'react';
import { useT } from '../i18n.ts';

/** A chart: its title, its one-sentence summary, the picture, and the table of its numbers. */
export function Chart({ title, summary, children, table }: { title: string; summary: string; children: ReactNode; table: ReactNode }) {
  const { t } = useT();
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <p id={`${id}-summary`} className="chart-summary">
        {summary}
      </p>
      {children}
      <details className="chart-table">
        <summary>{t('consoleDashboard.table')}</summary>
        {table}
      </details>
    </figure>
  );
}

/** A series of stacked columns: its name and one value per column. */
export interface Series {
  key: string;
  label: string;
  values: number[];
}

/**
 * Columns (one per `labels` entry) of stacked `series`, with a legend. Laid out in HTML, each column
 * an SVG stretched to its height, so the words keep their size on a phone and on a wide screen; the
 * picture is hidden from screen readers (the summary and the table say it).
 */
export function StackedColumns({ labels, series }: { labels: string[]; series: Series[] }) {
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  // A label under every nth column, at most 5 labels, so "21 Sept" and its neighbour never meet on a phone.
  const every = Math.ceil(labels.length / 5);
  return (
    <div aria-hidden="true">
      <div className="column-chart">
        <div className="column-chart-scale">
          <span>{max}</span>
          <span>0</span>
        </div>
        <ol className="column-chart-bars">
          {labels.map((label, i) => {
            let top = 100;
            return (
              <li key={label}>
                <svg viewBox="0 0 10 100" preserveAspectRatio="none" focusable="false">
                  {series.map((s, k) => {
                    const h = (100 * (s.values[i] ?? 0)) / max;
                    top -= h;
                    return h > 0 ? <rect key={s.key} x="1" y={top} width="8" height={h} className={`fill-${k}`} /> : null;
                  })}
                </svg>
                <span className="column-label">{i % every === 0 ? label : ''}</span>
              </li>
            );
          })}
        </ol>
      </div>
      <ul className="legend">
        {series.map((s, k) => (
          <li key={s.key}>
            <span className={`swatch fill-${k}`} /> {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Horizontal bars, one per row, each with its label and number (readable as they are). */
export function Bars({ rows, max }: { rows: { label: string; n: number; note?: string }[]; max?: number }) {
  const top = Math.max(1, max ?? Math.max(0, ...rows.map((row) => row.n)));
  return (
    <ul className="bars" aria-hidden="true">
      {rows.map((row) => (
        <li key={row.label}>
          <span className="bar-label">{row.label}</span>
          {/* An SVG bar: its length is an attribute, which the console's CSP (no inline styles) allows. */}
          <svg className="bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
            <rect className="bar-fill" width={(100 * row.n) / top} height="10" />
          </svg>
          <span className="bar-value">
            {row.n}
            {row.note ? ` · ${row.note}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A table of `rows` under `head` (the first cell of each row is its header). */
export function NumberTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="numbers">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...cells], i) => (
          <tr key={`${first}-${i}`}>
            <th scope="row">{first}</th>
            {cells.map((cell, j) => (
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
