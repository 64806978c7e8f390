// The console's contract for partners: the list, one partner and its changes (approve, suspend,
// reinstate, its origins), and the sites not approved that sent leads.
import * as v from 'valibot';
import { PARTNER_CODE } from '../attribution.ts';
import type { PartnerStatus } from '../console.ts';
import type { AdminBody } from './check.ts';
import { type ApiTime, type StatusCounts, body } from './common.ts';

/** The most origins one partner may have. */
export const MAX_PARTNER_ORIGINS = 20;
const PARTNER_CODE_TEXT = 'The code must have 3 to 32 letters, digits, "_" or "-" (no spaces or accents).';
const ORIGINS_TEXT = 'origins must be a list of origins such as https://partner.example.';
/**
 * A partner's origins as sent: a list of at most MAX_PARTNER_ORIGINS texts (each then normalised,
 * or refused with the origin named, by the API: packages/server/src/partners/checks.ts).
 */
const origins = v.pipe(
  v.array(v.string(ORIGINS_TEXT), ORIGINS_TEXT),
  v.maxLength(MAX_PARTNER_ORIGINS, `A partner may have at most ${MAX_PARTNER_ORIGINS} origins.`),
);
const PARTNER_CODES = { code: 'partner-code', origins: 'partner-origins', 'origins.max_length': 'partner-origins-many' };

/** What a partner's changes write on its registration's timeline. */
export type PartnerEvent = 'partner.approved' | 'partner.origins' | 'partner.suspended' | 'partner.reinstated';

/** A partner: its account and its registration. */
export interface PartnerView {
  id: string;
  status: PartnerStatus;
  code: string | null;
  origins: string[];
  createdAt: ApiTime;
  approvedBy: string | null;
  approvedAt: ApiTime | null;
  suspendedBy: string | null;
  suspendedAt: ApiTime | null;
  registration: { nombre: string; correo: string; telefono: string; pais: string; especializacion: string; lang: string };
}

/** A site not approved that sent leads (docs/partners/sites.md). */
export interface UnapprovedSite {
  /** null: a page that sends no Origin (a sandboxed frame). */
  origin: string | null;
  leads: number;
  lastAt: ApiTime;
  /** The partner codes its leads claimed, and the partners those codes name. */
  claims: string[];
  partners: { id: string; code: string; status: PartnerStatus; name: string }[];
}

/** The answer of each route of partners, by 'METHOD path' (AdminResponses). */
export interface PartnerRoutes {
  /** 50 a page (`?page=`), pending first. */
  'GET partners': { partners: PartnerView[]; more: boolean; counts: StatusCounts<PartnerStatus> };
  'GET partners/:id': PartnerView & { suggestedCode: string | null };
  'PATCH partners/:id': PartnerView;
  'POST partners/:id/approve': PartnerView;
  'POST partners/:id/suspend': PartnerView;
  'POST partners/:id/reinstate': PartnerView;
  'GET sites': { sites: UnapprovedSite[] };
}

/** The body of each route of partners that reads one (ADMIN_BODIES). */
export const PARTNER_BODIES = {
  'POST partners/:id/approve': body(
    v.object(
      {
        code: v.pipe(v.string(PARTNER_CODE_TEXT), v.trim(), v.regex(PARTNER_CODE, PARTNER_CODE_TEXT)),
        origins: v.optional(origins, []),
      },
      PARTNER_CODE_TEXT,
    ),
    PARTNER_CODES,
    true,
  ),
  'PATCH partners/:id': body(
    v.object(
      {
        code: v.optional(v.never("The code cannot change once given: partners' pages carry it.")),
        origins,
      },
      ORIGINS_TEXT,
    ),
    { ...PARTNER_CODES, code: 'partner-code-fixed' },
    true,
  ),
} satisfies { [K in keyof PartnerRoutes]?: AdminBody };
