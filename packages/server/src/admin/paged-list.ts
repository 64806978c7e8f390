// What the console's lists (leads, orders, partners) share: a page read one row beyond its size
// to know whether another follows, read beside the counts per status of the filter.

/** Counts per status as rows of (status, n): every status of `statuses`, 0 where no row names it. */
export const statusCounts = <S extends string>(statuses: readonly S[], rows: readonly { status: string; n: number }[]) =>
  Object.fromEntries(statuses.map((s) => [s, rows.find((c) => c.status === s)?.n ?? 0])) as Record<S, number>;
