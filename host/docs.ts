// The partners' guide on the Obra host (`/docs/partners/<page>.html`): the approval e-mail links
// partners there. Rendered at build time from docs/partners/*.md with marked, under the site's
// stylesheet (inlined, so the page's Content-Security-Policy hash already allows it).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Marked } from 'marked';

/** A GitHub-style anchor of a heading's text, so the guide's own `#links` work on the host too. */
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const html = this.parser.parseInline(tokens);
      return `<h${depth} id="${anchor(html)}">${html}</h${depth}>\n`;
    },
    // Links between the guide's pages point at their HTML; other links are kept as they are.
    link({ href, tokens }) {
      const to = href.replace(/^([\w-]+)\.md(#|$)/, '$1.html$2');
      return `<a href="${escapeHtml(to)}">${this.parser.parseInline(tokens)}</a>`;
    },
  },
});

/** Writes `out`/docs/partners/<page>.html for every docs/partners/<page>.md of `root`. */
export async function renderPartnerDocs({ root, out, css }: { root: string; out: string; css: string }): Promise<string[]> {
  const from = join(root, 'docs/partners');
  const to = join(out, 'docs/partners');
  await mkdir(to, { recursive: true });
  const written: string[] = [];
  for (const file of (await readdir(from)).filter((name) => name.endsWith('.md')).sort()) {
    const markdown = (await readFile(join(from, file), 'utf8')).replace(/<!--[^]*?-->/g, '');
    const title = /^# (.+)$/m.exec(markdown)?.[1] ?? file;
    const body = await marked.parse(markdown);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Obra</title><style>${css}</style></head><body><main class="doc">${body}</main></body></html>`;
    const page = file.replace(/\.md$/, '.html');
    await writeFile(join(to, page), html);
    written.push(`/docs/partners/${page}`);
  }
  return written;
}
