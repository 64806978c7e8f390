/** `markdown` with the text from the `start` marker to the `end` marker (both included) replaced by `content`. */
export function replaceMarked(markdown: string, start: string, end: string, content: string): string {
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from) throw new Error(`The markers are missing; put back "${start}" and "${end}" where the generated text goes.`);
  return markdown.slice(0, from) + content + markdown.slice(to + end.length);
}
