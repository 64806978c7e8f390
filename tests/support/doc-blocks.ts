// The code blocks of the docs, as a reader copies them: every fenced block of a Markdown file with
// where it stands (file, line, the heading above it, the README's numbered step) and its language,
// for the tests that run them (e2e/partner-docs.test.ts, e2e/quick-start.test.ts,
// e2e/partner-sites.test.ts, server/operators-docs.pglite.test.ts). A block inside a list item is unindented.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server/support/api.ts';

export interface DocBlock {
  /** The Markdown file, from the repository's root. */
  readonly file: string;
  /** The line of its opening fence (1-based). */
  readonly line: number;
  /** The fence's language (`html`, `js`, `css`, `sh` …; '' when it names none). */
  readonly lang: string;
  /** The text of the nearest heading above it. */
  readonly section: string;
  /** The text of the nearest second-level heading (`## …`) above it: the chapter its section belongs to. */
  readonly chapter: string;
  /** The number of the bold step (`**4. …**`) it follows within its section, when there is one. */
  readonly step?: number;
  /** Its text as copied: the lines between the fences. */
  readonly body: string;
}

/** Every fenced block of `file` (a path from the repository's root), in order. */
export function docBlocks(file: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  let section = '';
  let chapter = '';
  let step: number | undefined;
  let open: { line: number; lang: string; fence: string; indent: number; lines: string[] } | undefined;
  for (const [i, line] of readFileSync(join(ROOT, file), 'utf8').split('\n').entries()) {
    if (open) {
      if (line.trim() === open.fence) {
        blocks.push({ file, line: open.line, lang: open.lang, section, chapter, step, body: open.lines.join('\n') });
        open = undefined;
      } else open.lines.push(line.slice(Math.min(open.indent, /^ */.exec(line)![0].length)));
      continue;
    }
    const fence = /^( *)(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence) open = { line: i + 1, lang: fence[3]!, fence: fence[2]!, indent: fence[1]!.length, lines: [] };
    const heading = /^(#{1,6}) (.+)$/.exec(line);
    if (heading) [section, step] = [heading[2]!, undefined];
    if (heading?.[1] === '##') chapter = heading[2]!;
    const numbered = /^\*\*(\d+)\. /.exec(line);
    if (numbered) step = Number(numbered[1]);
  }
  if (open) throw new Error(`${file}:${open.line}: a code block that never closes`);
  return blocks;
}

/** The blocks of every page of the partners' guide (docs/partners/*.md). */
export function partnerDocBlocks(): DocBlock[] {
  return readdirSync(join(ROOT, 'docs/partners'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((name) => docBlocks(`docs/partners/${name}`));
}

/** The README's quick start: its blocks in order, each with its step. */
export const quickStartBlocks = (): DocBlock[] => docBlocks('README.md').filter((block) => block.section.startsWith('Quick start'));

/** `file:line` of a block, for messages and test names. */
export const where = (block: DocBlock): string => `${block.file}:${block.line}`;
