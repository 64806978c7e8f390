export interface LiveRegionProps {
  /** The latest status; an empty string says nothing. */
  message: string;
}

/**
 * A polite status region. It is rendered from the first paint, empty: screen readers only
 * announce changes to a live region that already existed when the change happened.
 */
export function LiveRegion({ message }: LiveRegionProps) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
      {message}
    </div>
  );
}
