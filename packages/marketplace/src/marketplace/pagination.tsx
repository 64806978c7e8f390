export interface PaginationProps {
  page: number;
  pages: number;
  labels: { label: string; previous: string; next: string; page: (n: number) => string };
  onPage: (page: number) => void;
}

/**
 * Previous/next arrows and one button per page. The arrows at the bounds are aria-disabled
 * rather than disabled, so a keyboard user who presses one keeps their focus.
 */
export function Pagination({ page, pages, labels, onPage }: PaginationProps) {
  const arrow = (to: number, label: string, glyph: string, atBound: boolean) => (
    <button type="button" className="page-arrow" aria-label={label} aria-disabled={atBound} onClick={() => !atBound && onPage(to)}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <nav className="pagination" aria-label={labels.label}>
      {arrow(page - 1, labels.previous, '‹', page <= 1)}
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className="page"
          aria-label={labels.page(n)}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      {arrow(page + 1, labels.next, '›', page >= pages)}
    </nav>
  );
}
