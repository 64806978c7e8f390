// Reading the .eml files the outbox writes without SMTP_URL: nodemailer folds long headers, writes
// what is not ASCII as RFC 2047 words in headers and as quoted-printable in the body.

const bytes = (text: string) => text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');

/** The Subject header, unfolded and decoded (the space between two encoded words is not part of the text, RFC 2047). */
export const subjectOf = (eml: string) =>
  (/^Subject: (.*(?:\r\n .*)*)/m.exec(eml)?.[1] ?? '')
    .replace(/\?=\s+=\?UTF-8\?Q\?/g, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, text: string) => utf8(bytes(text.replace(/_/g, ' '))));

/** The text after the headers, with quoted-printable soft breaks joined, its bytes read as UTF-8 and its lines ended by \n. */
export const bodyOf = (eml: string) => utf8(bytes(eml.slice(eml.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, ''))).replace(/\r\n/g, '\n');

/** Whether `eml` is addressed to `address`. */
export const isTo = (eml: string, address: string) => eml.includes(`\r\nTo: ${address}\r\n`) || eml.startsWith(`To: ${address}\r\n`);
