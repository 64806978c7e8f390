/** One JSON value kept in the host page's storage, with the time it was saved. */
export interface Stored<T> {
  /** The value, unless absent, unreadable or older than a week (then it is removed). */
  read(): T | undefined;
  write(value: T): void;
  clear(): void;
}

/** Drafts and pending submissions live a week, then they are dropped unread. */
export const STORED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A value in `storage` under `name`, saved as `{ savedAt, [field]: value }`. Storage may be
 * missing or throw (private modes, sandboxed iframes, a full quota): then nothing is kept, and
 * no error reaches the visitor (a send in progress goes on; only a reload would forget it).
 */
export function stored<T>(storage: Storage | undefined, name: string, field = 'value', now: () => number = Date.now): Stored<T> {
  const attempt = <R>(run: (store: Storage) => R): R | undefined => {
    try {
      return storage ? run(storage) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    read: () =>
      attempt((store) => {
        const raw = store.getItem(name);
        const record = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
        const value = record?.[field];
        if (
          !record ||
          (typeof record.savedAt === 'number' && now() - record.savedAt <= STORED_TTL_MS && value && typeof value === 'object')
        )
          return value as T | undefined;
        store.removeItem(name);
        return undefined;
      }),
    write: (value) => attempt((store) => store.setItem(name, JSON.stringify({ savedAt: now(), [field]: value }))),
    clear: () => attempt((store) => store.removeItem(name)),
  };
}
