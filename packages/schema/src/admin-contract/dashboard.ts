// The console's contract for the dashboard: every figure over a range of weeks.
import type { LeadKindName } from '../console.ts';

/** Where leads come from, as the dashboard counts them. */
export type OriginDimension = 'source' | 'partner' | 'campaign';

/** Every figure of the dashboard over its range of weeks (Monday to Sunday in the company's time zone). */
export interface DashboardFigures {
  timeZone: string;
  weeks: number;
  /** The first Monday, YYYY-MM-DD. */
  start: string;
  perWeek: { week: string; kind: LeadKindName; n: number }[];
  funnel: { received: number; contacted: number; qualified: number; won: number; lost: number };
  /** Leads per bucket of hours to first contact (CONTACT_BUCKET_HOURS, the last open-ended), and those still new. */
  contact: { buckets: number[]; waiting: number };
  origins: Record<OriginDimension, { top: { value: string; n: number }[]; others: number; none: number }>;
  /** Paid orders per week and currency; test orders only when {@link testOrders}. */
  orders: { week: string; currency: string; count: number; amount: number }[];
  /** Whether `orders` counts test orders (asked with test=1). */
  testOrders: boolean;
}

/** The answer of each route of dashboard, by 'METHOD path' (AdminResponses). */
export interface DashboardRoutes {
  /** `?weeks=` one of DASHBOARD_WEEKS. */
  'GET dashboard': DashboardFigures;
}
