const ID = /^[\w-]{11}$/;

/**
 * The 11-character YouTube video id of a watch (`youtube.com/watch?v=`), short (`youtu.be/`),
 * embed (`/embed/`, also on youtube-nocookie.com) or shorts (`/shorts/`) URL; undefined for
 * anything else, so a mistyped catalogue entry shows no broken card.
 */
export function videoId(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, '');
  const [first, second] = parsed.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = first;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (first === 'watch') id = parsed.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second;
  }
  return id && ID.test(id) ? id : undefined;
}

/** The embed URL on YouTube's privacy-enhanced domain (no cookies until the visitor plays). */
export const embedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;

/** The thumbnail URL of a video (480×360). */
export const thumbnailUrl = (id: string): string => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
