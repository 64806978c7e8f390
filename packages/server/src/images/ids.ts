/** Stored image types and the file extension each is served under. */
export const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** An image path: the id is a base64url SHA-256 (43 characters) of what the picture is drawn from. */
export const IMAGE_PATH = /^\/api\/images\/([\w-]{43})\.(svg|png|jpg|webp)$/;

/** The id and extension of an image URL of this API (any origin), or undefined. */
export function imageOf(url: string): { id: string; ext: string } | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const match = IMAGE_PATH.exec(path);
  return match ? { id: match[1]!, ext: match[2]! } : undefined;
}
