// Reading the .eml files the outbox writes without SMTP_URL: nodemailer folds long headers, writes
// what is not ASCII as RFC 2047 words in headers and as quoted-printable in the body.

const bytes = (text: string) => text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

/**
 * The Subject header, unfolded and decoded (the space between two encoded words is not part of the
 * text, RFC 2047): quoted-printable words, or base64 ones when most of the subject is not ASCII.
 */
export const subjectOf = (eml: string) =>
  (/^Subject: (.*(?:\r\n .*)*)/m.exec(eml)?.[1] ?? '')
    .replace(/\?=\s+=\?UTF-8\?Q\?/g, '')
    .replace(/(\?=)\s+(=\?UTF-8\?B\?)/g, '$1$2')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, text: string) => utf8(bytes(text.replace(/_/g, ' '))))
    .replace(/=\?UTF-8\?B\?(.*?)\?=/g, (_, text: string) => Buffer.from(text, 'base64').toString('utf8'));

/** The text after the headers, with quoted-printable soft breaks joined, its bytes read as UTF-8 and its lines ended by \n. */
export const bodyOf = (eml: string) => utf8(bytes(eml.slice(eml.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, ''))).replace(/\r\n/g, '\n');

/** Whether `eml` is addressed to `address`. */
export const isTo = (eml: string, address: string) => eml.includes(`\r\nTo: ${address}\r\n`) || eml.startsWith(`To: ${address}\r\n`);

/**
 * Every text part of a message (the text and the HTML, in a multipart message too), decoded from
 * quoted-printable or base64, its lines ended by \n.
 */
export function textPartsOf(eml: string): string[] {
  const split = eml.indexOf('\r\n\r\n');
  const headers = eml.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = eml.slice(split + 4);
  const type = /^Content-Type: ([^;\r\n]+)/im.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)![1]!;
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => textPartsOf(part.replace(/^\r\n/, '')));
  }
  if (!type.startsWith('text/')) return [];
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? utf8(bytes(body.replace(/=\r\n/g, '')))
        : body;
  return [text.replace(/\r\n/g, '\n')];
}
