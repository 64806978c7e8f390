// The public calls of the API, made from the widgets and the site: health, the place search, the
// design images, the estimate and one lead route per lead kind (leads.ts).
import type { Routes } from '../http/router.ts';
import { LEAD_KINDS } from '../leads.ts';
import { estimateRoute } from './estimate.ts';
import { health } from './health.ts';
import { generateImage, serveImage } from './images.ts';
import { leadRoute } from './leads.ts';
import { location } from './location.ts';

export const PUBLIC_ROUTES: Routes = {
  '/api/health': { GET: { handler: health, limit: 'none' } },
  '/api/location': { GET: { handler: location, limit: 'reads' } },
  '/api/generate-image': { POST: { handler: generateImage, limit: 'writes' } },
  '/api/images/': { GET: { handler: serveImage, limit: 'reads' } },
  '/api/estimate': { POST: { handler: estimateRoute, limit: 'reads' } },
  ...Object.fromEntries(
    Object.values(LEAD_KINDS).map((kind) => [`/api/${kind.path}`, { POST: { handler: leadRoute(kind), limit: 'writes' as const } }]),
  ),
};
