// From its own entry: worker.ts runs in a child Node without the `source` condition, which the
// package's main entry needs; this one is erasable TypeScript that Node 24 runs as it is.
import { foldText } from '@obra/schema/fold';

/** The folded words of a text ({@link foldText}), split on anything that is not a letter or a digit. */
export const words = (text: string): string[] =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
