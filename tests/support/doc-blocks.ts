// The fenced code blocks of Markdown docs, for the tests that run what the docs say
// (tests/server/operators-docs.pglite.test.ts): each with its file, the line of its opening fence,
// its language and its text, a block inside a list item unindented.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One fenced code block of a doc. */
export interface DocBlock {
  /** The doc's path from the repository's root. */
  file: string;
  /** The line of its opening fence (1-based). */
  line: number;
  /** The fence's language (`sh`, `js`; empty when none). */
  lang: string;
  body: string;
}

/** The fenced blocks of `file` (a path from `root`), in order. */
export function docBlocks(root: string, file: string): DocBlock[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^( *)```(\w*)\n([^]*?)^\1```$/gm)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
    lang: match[2]!,
    body: match[3]!
      .split('\n')
      .map((line) => line.slice(match[1]!.length))
      .join('\n')
      .trimEnd(),
  }));
}
