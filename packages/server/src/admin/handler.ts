// /api/admin/*: the console's API. Never CORS (only the console's own origin may call it), never
// cached, 401 without a valid session except for signing in and setting a password, and every
// state-changing call checked for its Origin and CSRF token (auth.ts).
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { clientKey } from '../http/rate-limit.ts';
import type { Router } from '../http/router.ts';
import { runInBackground } from '../jobs.ts';
import type { Logger } from '../log.ts';
import type { MailOutbox } from '../mail/mail-outbox.ts';
import type { AllowList } from '../partners/allow-list.ts';
import { checkOrigin, requireOperator } from './auth.ts';
import { ADMIN_BODIES, ADMIN_QUERIES, type AdminBodyRoute, type AdminQueryRoute, type AdminRoute } from '@obra/schema/admin-contract';
import { readBody, readQuery, requireAdmin, type AdminHandler, type RouteHandler } from './context.ts';
import { purgeOlderThan } from './delete-lead.ts';
import { addNote, exportLeads, getLead, removeLead, reportFile, resendReport, updateLead } from './leads-routes.ts';
import * as talk from './conversations-routes.ts';
import { bulkChange, undoBulkChange } from './bulk-routes.ts';
import { dashboard } from './dashboard-routes.ts';
import { dueCounts, listLeads } from './inbox-routes.ts';
import { board, leadDeals, listStages, openDeal, revenue, saveStages, updateDeal } from './deals-routes.ts';
import { updateCompany, updateMe } from './me-routes.ts';
import { listViews, removeView, saveView } from './views-routes.ts';
import { dismissSuggestion, getLeadPerson, getPerson, listSuggestions, mergePeople, undoMerge } from './people-routes.ts';
import { getNotifications, saveNotifications } from './notifications-routes.ts';
import { exportOrders, getOrder, listOrders } from './orders-routes.ts';
import { approvePartner, getPartner, listPartners, listSites, reinstatePartner, suspendPartner, updatePartner } from './partners-routes.ts';
import { changePassword, choosePassword, createSession, currentSession, endSession } from './session-routes.ts';
import { createUser, listUsers, removeUser, updateUser } from './users-routes.ts';
import { addTask, listLeadTasks, myTasks, updateTask } from './tasks-routes.ts';
import { getRules, saveRules, unseenAssignments } from './assignment-routes.ts';
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  rotateSecret,
  testWebhook,
  updateWebhook,
} from './webhooks-routes.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/**
 * Contract route `key` ('PATCH leads/:id'): its method, its path as a pattern (`:id` a UUID) and
 * its handler, which gets the body and the query string checked by the contract's schemas when the
 * route reads them (a refusal is a 400 before the handler runs); `admins`: only for admins, checked first.
 */
function route<K extends AdminRoute>(key: K, handler: RouteHandler<K>, who?: 'admins'): [Method, RegExp, AdminHandler] {
  const [method, path] = key.split(' ') as [Method, string];
  const pattern = new RegExp(`^/api/admin/${path.replace(/[.]/g, '\\.').replace(':id', ID)}$`);
  const run = handler as AdminHandler;
  const body = key in ADMIN_BODIES ? (key as AdminBodyRoute) : undefined;
  const query = key in ADMIN_QUERIES ? ADMIN_QUERIES[key as AdminQueryRoute] : undefined;
  return [
    method,
    pattern,
    async (context) => {
      // An agent is refused (403) before their body or query is read.
      if (who === 'admins') requireAdmin(context.operator);
      const checked = {
        ...(query && { query: readQuery(query, context.url.searchParams) }),
        ...(body && { body: await readBody(context.req, body) }),
      };
      return run(Object.assign(context, checked));
    },
  ];
}

/** Every admin route behind a session: method, path pattern (with at most one id), handler. */
const ROUTES: [Method, RegExp, AdminHandler][] = [
  route('GET session', currentSession),
  route('POST sign-out', endSession),
  route('POST account/password', changePassword),
  route('GET leads', listLeads),
  route('POST leads/bulk', bulkChange),
  route('POST bulk-changes/:id/undo', undoBulkChange),
  route('GET due', dueCounts),
  route('GET dashboard', dashboard),
  route('GET views', listViews),
  route('POST views', saveView),
  route('DELETE views/:id', removeView),
  route('PATCH me', updateMe),
  route('PUT company', updateCompany, 'admins'),
  route('GET export.csv', exportLeads),
  route('GET leads/:id', getLead),
  route('PATCH leads/:id', updateLead),
  route('DELETE leads/:id', removeLead),
  route('POST leads/:id/notes', addNote),
  route('POST leads/:id/resend', resendReport),
  route('GET leads/:id/report.pdf', reportFile),
  route('GET orders', listOrders),
  route('GET orders.csv', exportOrders),
  route('GET orders/:id', getOrder),
  route('GET users', listUsers),
  route('POST users', createUser, 'admins'),
  route('PATCH users/:id', updateUser, 'admins'),
  route('DELETE users/:id', removeUser, 'admins'),
  route('GET notifications', getNotifications),
  route('PUT notifications', saveNotifications, 'admins'),
  route('GET partners', listPartners),
  route('GET sites', listSites),
  route('GET partners/:id', getPartner),
  route('PATCH partners/:id', updatePartner, 'admins'),
  route('POST partners/:id/approve', approvePartner, 'admins'),
  route('POST partners/:id/suspend', suspendPartner),
  route('POST partners/:id/reinstate', reinstatePartner),
  route('GET webhooks', listWebhooks, 'admins'),
  route('POST webhooks', createWebhook, 'admins'),
  route('PATCH webhooks/:id', updateWebhook, 'admins'),
  route('DELETE webhooks/:id', removeWebhook, 'admins'),
  route('POST webhooks/:id/rotate', rotateSecret, 'admins'),
  route('POST webhooks/:id/test', testWebhook, 'admins'),
  route('GET webhooks/:id/deliveries', listDeliveries, 'admins'),
  route('POST webhook-deliveries/:id/resend', resendDelivery, 'admins'),
  // People: every operator reads, merges and dismisses; undoing another's merge is an admin's (people-routes.ts).
  route('GET leads/:id/person', getLeadPerson),
  route('GET people/suggestions', listSuggestions),
  route('GET people/:id', getPerson),
  route('POST people/:id/merge', mergePeople),
  route('POST people/:id/dismiss', dismissSuggestion),
  route('POST person-merges/:id/undo', undoMerge),
  route('GET deal-stages', listStages),
  route('PUT deal-stages', saveStages, 'admins'),
  route('GET board', board),
  route('GET leads/:id/deals', leadDeals),
  route('POST leads/:id/deals', openDeal),
  route('PATCH deals/:id', updateDeal),
  route('GET revenue', revenue),
  // Conversations (issue 40): admins change the templates, every operator uses them.
  route('GET templates', talk.listTemplates),
  route('POST templates', talk.createTemplate, 'admins'),
  route('PUT templates/:id', talk.updateTemplate, 'admins'),
  route('DELETE templates/:id', talk.removeTemplate, 'admins'),
  route('GET leads/:id/compose', talk.composeMessage),
  route('POST leads/:id/email', talk.sendEmail),
  route('POST leads/:id/whatsapp', talk.openWhatsApp),
  route('POST leads/:id/activities', talk.logActivity),
  // Tasks and assignment rules (issue 40).
  route('GET leads/:id/tasks', listLeadTasks),
  route('POST leads/:id/tasks', addTask),
  route('PATCH tasks/:id', updateTask),
  route('GET tasks', myTasks),
  route('GET assignments', unseenAssignments),
  route('GET assignment-rules', getRules),
  route('PUT assignment-rules', saveRules, 'admins'),
];

/** The console's API: every path under /api/admin/ (same origin only, so no CORS headers). */
export interface Admin extends Router {
  /** Stops the retention purge, waiting for one under way. */
  close(): Promise<void>;
}

/** The admin handler; with LEAD_RETENTION_DAYS it also purges old leads at start and every hour. */
export function createAdmin({
  config,
  db,
  log,
  mailOutbox,
  allowList,
  now = () => new Date(),
}: {
  /** The time (a test moves it): due follow-ups. */
  now?: () => Date;
  config: Config;
  db: Db;
  log: Logger;
  mailOutbox: MailOutbox;
  allowList: AllowList;
}): Admin {
  const purge =
    config.retentionDays > 0
      ? runInBackground(
          async () => {
            const deleted = await purgeOlderThan(db, config.retentionDays, (ids) => mailOutbox.forget(ids));
            if (deleted) log.info('retention purge', { deleted, days: config.retentionDays });
          },
          3600_000,
          (error) => log.error('retention purge failed', { error }),
        )
      : undefined;
  return {
    owns: (path) => path.startsWith('/api/admin/'),
    async answer(req, url, ip) {
      const method = req.method as Method;
      const base = { req, url, config, db, log, mailOutbox, allowList, now };
      // The two calls open to anyone, throttled per address (and per account) in throttle.ts.
      if (url.pathname === '/api/admin/session' && method === 'POST') {
        checkOrigin(req, config);
        return createSession({ ...base, client: clientKey(ip) });
      }
      if (url.pathname === '/api/admin/password' && method === 'POST') {
        checkOrigin(req, config);
        return choosePassword({ ...base, client: clientKey(ip) });
      }
      // The session first: without one, every path (even an unknown one) is 401 and reveals nothing.
      const operator = await requireOperator(db, req);
      const matches = ROUTES.map(([m, pattern, handler]) => [m, pattern.exec(url.pathname), handler] as const).filter(([, match]) => match);
      if (!matches.length) throw new HttpError(404, `There is no ${url.pathname} in the console's API.`);
      const route = matches.find(([m]) => m === method);
      if (!route)
        throw new HttpError(405, `Use ${matches.map(([m]) => m).join(' or ')} on ${url.pathname}.`, {
          headers: { Allow: matches.map(([m]) => m).join(', ') },
        });
      if (method !== 'GET') checkOrigin(req, config, operator);
      return route[2]({ ...base, operator, id: route[1]![1] ?? '' });
    },
    close: async () => purge?.close(),
  };
}
