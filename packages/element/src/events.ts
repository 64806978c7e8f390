/** A widget's events: event name → `detail` type. */
export type EventMap = Record<`obra-${string}`, unknown>;

/** Dispatches a typed event from the host element; returns false when a listener cancelled it. */
export type Emit<E extends EventMap> = <K extends keyof E & string>(name: K, detail: E[K]) => boolean;

/**
 * Events bubble and are `composed`, so a listener on the page (or in a host framework) hears them
 * through the shadow boundary. They are cancelable: `obra-submit` honours `preventDefault()`.
 */
export function createEmitter<E extends EventMap>(host: HTMLElement): Emit<E> {
  return (name, detail) => host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}
