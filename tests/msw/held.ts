// An answer that does not come while a story or test looks at the pending state. In Storybook it
// never comes; a test releases every held answer when it is over (tests/unit/support/fast-retries.ts),
// so no send of one test is still running in the next one or after the file.

let release: () => void = () => undefined;
let gate = new Promise<void>((resolve) => (release = resolve));

/** Resolves when the test that is running is over. */
export const held = (): Promise<void> => gate;

/** Lets every held answer go (each handler then gives its own), and holds the next ones again. */
export function releaseHeld(): void {
  release();
  gate = new Promise<void>((resolve) => (release = resolve));
}
