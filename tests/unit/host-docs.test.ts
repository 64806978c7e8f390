// @vitest-environment node
// The partners' guide as the host serves it (host/docs.ts): every docs/partners page rendered, its
// headings anchored as on GitHub (the guide's own #links work), its snippets shown as code (never
// as markup the page would run), links between its pages pointing at their HTML.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPartnerDocs } from '../../host/docs.ts';

const root = join(import.meta.dirname, '../..');
let out: string;
let written: string[];
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'obra-docs-'));
  written = await renderPartnerDocs({ root, out, css: 'body{margin:0}' });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));
const page = (name: string) => readFileSync(join(out, 'docs/partners', name), 'utf8');

describe("the partners' guide on the host", () => {
  it('renders every page of docs/partners, the one the approval e-mail links to among them', () => {
    expect(written).toEqual(expect.arrayContaining(['/docs/partners/embedding.html', '/docs/partners/sites.html']));
    expect(page('embedding.html')).toMatch(
      /^<!doctype html><html lang="en">.*<title>Embedding Obra widgets · Obra<\/title><style>body\{margin:0\}<\/style>/,
    );
  });

  it('anchors headings, shows snippets as code, and links its pages to their HTML', () => {
    const html = page('embedding.html');
    expect(html).toContain('<h2 id="partner-code-and-utm-capture">');
    expect(html).toContain('<h2 id="before-your-site-is-approved">');
    expect(html).toContain('&lt;script src=&quot;https://obra.example/widgets/obra-wait-list.js&quot; defer&gt;&lt;/script&gt;');
    expect(html).not.toMatch(/<script[ >]/);
    expect(html).toContain('<a href="sites.html">');
    expect(html).not.toContain('<!--');
    // Every in-page link has its heading.
    for (const [, id] of html.matchAll(/href="#([^"]+)"/g)) expect(html, id).toContain(`id="${id}"`);
  });
});
