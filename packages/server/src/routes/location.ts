import { langOr } from '@obra/schema';
import type { Handler } from './types.ts';

/**
 * GET /api/location?query=&lang=: up to 10 places of the offline gazetteer, larger first; fewer
 * than 3 characters give an empty list (docs/contributors/behaviour.md#validation). The data never changes while the process
 * runs, so answers may be cached.
 */
export const location: Handler = async ({ url, gazetteer }) => {
  const lang = langOr(url.searchParams.get('lang'));
  const places = gazetteer.search(url.searchParams.get('query') ?? '', lang);
  return { status: 200, body: places.map((Place) => ({ Place })), headers: { 'Cache-Control': 'public, max-age=3600' } };
};
