// The console's contract for deals (issue 40): the pipeline's stages, the board, a lead's deals
// and their changes, and the revenue figures.
import * as v from 'valibot';
import { type DealOutcome, LOST_REASONS, type LeadKindName, type LostReason, MAX_DEAL_STAGES } from '../console.ts';
import { LANGS, perLang } from '../lang.ts';
import { isCleanLine, isCleanText } from '../validate.ts';
import type { AdminBody } from './check.ts';
import { type ApiTime, CHARACTERS_TEXT, LEAD_ID, type Labels, body } from './common.ts';

/** A deal's amount: at least 0, below 10^13, in cents at most (docs/operators/console.md#deals). */
const AMOUNT_TEXT = 'amount must be a number from 0 to 9,999,999,999,999.99 with at most 2 decimals.';
const amount = v.pipe(
  v.number(AMOUNT_TEXT),
  v.check((n) => Number.isFinite(n) && n >= 0 && n < 1e13 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, AMOUNT_TEXT),
);
const CURRENCY_TEXT = 'currency must be an ISO 4217 code of 3 capital letters, such as USD or COP.';
const currency = v.pipe(v.string(CURRENCY_TEXT), v.regex(/^[A-Z]{3}$/, CURRENCY_TEXT));
const CLOSE_DATE_TEXT = 'closeDate must be a date as YYYY-MM-DD, from 2000 to 2099.';
const closeDate = v.pipe(
  v.string(CLOSE_DATE_TEXT),
  v.regex(/^20\d\d-\d\d-\d\d$/, CLOSE_DATE_TEXT),
  v.check((day) => {
    const time = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(time.getTime()) && time.toISOString().startsWith(day);
  }, CLOSE_DATE_TEXT),
);
const UUID_TEXT = (name: string) => `${name} must be an id this API gave.`;
const uuid = (name: string) => v.pipe(v.string(UUID_TEXT(name)), v.regex(LEAD_ID, UUID_TEXT(name)));
/** The longest deal title and lost-reason note. */
const DEAL_TITLE_LENGTH = 200;
const DEAL_NOTE_LENGTH = 1000;
const DEAL_TITLE_TEXT = `title must be text of at most ${DEAL_TITLE_LENGTH} characters.`;
const dealTitle = v.pipe(
  v.string(DEAL_TITLE_TEXT),
  v.trim(),
  v.maxLength(DEAL_TITLE_LENGTH, DEAL_TITLE_TEXT),
  v.check(isCleanLine, CHARACTERS_TEXT),
);
const LOST_NOTE_TEXT = `lostNote must be text of at most ${DEAL_NOTE_LENGTH} characters.`;
const owner = v.nullable(v.string('owner must be the id of a user, or null.'));
const STAGE_NAME_TEXT = 'Each stage needs a name of 1 to 40 characters in es and in en.';
const stageName = v.pipe(
  v.string(STAGE_NAME_TEXT),
  v.trim(),
  v.minLength(1, STAGE_NAME_TEXT),
  v.maxLength(40, STAGE_NAME_TEXT),
  v.check(isCleanLine, CHARACTERS_TEXT),
);
const PROBABILITY_TEXT = 'probability must be a whole percentage from 0 to 100.';
const STAGES_TEXT = `Send {stages: […]}: 1 to ${MAX_DEAL_STAGES} stages, each {id?, es, en, probability}, in order.`;
const DEAL_CODES = {
  title: 'title',
  'title.check': 'characters',
  stageId: 'stage',
  amount: 'amount',
  currency: 'currency',
  closeDate: 'close-date',
  owner: 'owner',
  lostReason: 'lost-reason',
  lostNote: 'lost-note',
  'lostNote.check': 'characters',
  version: 'version',
};
/** What a deal's changes write on its lead's timeline (detail: docs/operators/console.md#deals). */
export type DealEvent = 'deal.opened' | 'deal.changed' | 'deal.moved' | 'deal.won' | 'deal.lost';

/** A stage of the deals' pipeline, with how many deals are in it. */
export interface DealStage {
  id: string;
  outcome: DealOutcome;
  names: Labels;
  /** 0–100: what share of an open deal's amount the forecast counts. */
  probability: number;
  deals: number;
}

/** A deal as the board and its lead's page show it. */
export interface DealCard {
  id: string;
  lead_id: string;
  /** The lead's name. */
  name: string;
  kind: LeadKindName;
  stage_id: string;
  title: string;
  amount: number;
  currency: string;
  /** YYYY-MM-DD: expected, or the day it was won or lost. */
  close_date: string;
  owner: string | null;
  owner_email: string | null;
  lost_reason: LostReason | null;
  lost_note: string;
  version: number;
  stage_at: ApiTime;
}

/** A column of the board: its stage's count and totals per currency for the filter, and a keyset page of cards. */
export interface BoardColumn {
  stageId: string;
  count: number;
  totals: { currency: string; amount: number }[];
  items: DealCard[];
  next: string | null;
}

/** Won revenue by month of closing (the last 12) and open deals by expected close month (this and the next 11), per currency. */
export interface RevenueFigures {
  /** YYYY-MM-01 in the company's time zone. */
  month: string;
  won: { month: string; currency: string; amount: number; count: number }[];
  /** `weighted`: the amount times its stage's probability; a deal past its date counts in this month. */
  forecast: { month: string; currency: string; amount: number; weighted: number; count: number }[];
}

/** The answer of each route of deals, by 'METHOD path' (AdminResponses). */
export interface DealRoutes {
  /** Every stage in order; any operator reads them. */
  'GET deal-stages': { stages: DealStage[] };
  /** Admins only; 409 `stage-has-deals` when a stage left out still holds deals. */
  'PUT deal-stages': { stages: DealStage[] };
  /** `?owner&kind&country&partner&q`: a column per stage; `&stage=&after=`: that column's next page only. */
  /** `capped`: counts and totals stopped at a cap (a filter over many deals): each is "at least". */
  'GET board': { columns: BoardColumn[]; capped: boolean };
  'GET leads/:id/deals': { deals: DealCard[] };
  /** 201. */
  'POST leads/:id/deals': DealCard;
  'PATCH deals/:id': DealCard;
  'GET revenue': RevenueFigures;
}

/** The body of each route of deals that reads one (ADMIN_BODIES). */
export const DEAL_BODIES = {
  /** Opens a deal on the lead: in the first open stage unless `stageId` names another open one; the operator owns it unless `owner` says. */
  'POST leads/:id/deals': body(
    v.object(
      {
        title: v.optional(dealTitle, ''),
        stageId: v.optional(uuid('stageId')),
        amount,
        currency,
        closeDate,
        owner: v.optional(owner),
      },
      'Send amount, currency and closeDate (title, stageId and owner if wanted).',
    ),
    DEAL_CODES,
  ),
  /** Changes or moves a deal last read at `version` (409 `stale` when it changed since); a move to the lost stage needs `lostReason`. */
  'PATCH deals/:id': body(
    v.pipe(
      v.object({
        version: v.pipe(
          v.number('version must be the version read.'),
          v.integer('version must be the version read.'),
          v.minValue(1, 'version must be the version read.'),
        ),
        stageId: v.optional(uuid('stageId')),
        title: v.optional(dealTitle),
        amount: v.optional(amount),
        currency: v.optional(currency),
        closeDate: v.optional(closeDate),
        owner: v.optional(owner),
        lostReason: v.optional(v.picklist(LOST_REASONS, `lostReason must be one of ${LOST_REASONS.join(', ')}.`)),
        lostNote: v.optional(
          v.pipe(v.string(LOST_NOTE_TEXT), v.maxLength(DEAL_NOTE_LENGTH, LOST_NOTE_TEXT), v.trim(), v.check(isCleanText, CHARACTERS_TEXT)),
        ),
      }),
      v.check((change) => Object.keys(change).length > 1, 'Send version and what changes.'),
    ),
    DEAL_CODES,
  ),
  /** The whole pipeline in order: open stages (new ones without `id`), won and lost each once (their place is kept last). */
  'PUT deal-stages': body(
    v.object(
      {
        stages: v.pipe(
          v.array(
            v.object(
              {
                id: v.optional(uuid('id')),
                ...perLang(() => stageName),
                probability: v.pipe(
                  v.number(PROBABILITY_TEXT),
                  v.integer(PROBABILITY_TEXT),
                  v.minValue(0, PROBABILITY_TEXT),
                  v.maxValue(100, PROBABILITY_TEXT),
                ),
              },
              STAGE_NAME_TEXT,
            ),
            STAGES_TEXT,
          ),
          v.minLength(1, STAGES_TEXT),
          v.maxLength(MAX_DEAL_STAGES, STAGES_TEXT),
          v.check(
            (stages) => new Set(stages.flatMap((stage) => (stage.id ? [stage.id] : []))).size === stages.filter((stage) => stage.id).length,
            'Each stage once.',
          ),
        ),
      },
      STAGES_TEXT,
    ),
    {
      stages: 'stages',
      'stages.id': 'stage',
      ...Object.fromEntries(
        LANGS.flatMap((lang) => [
          [`stages.${lang}`, 'stage-name'],
          [`stages.${lang}.check`, 'characters'],
        ]),
      ),
      'stages.probability': 'probability',
    },
  ),
} satisfies { [K in keyof DealRoutes]?: AdminBody };
