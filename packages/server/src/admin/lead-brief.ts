// What the team's e-mails about a lead say beside its name: its phone in international format
// (as the CSV writes it) and its estimate in its own currency (as the report writes it).
import { money } from '@obra/estimate';
import type { LeadEstimate } from '@obra/schema/admin-contract';
import { leadPhone } from '../lead-phone.ts';
import type { Lang } from '@obra/i18n';
import { textsIn } from '../texts.ts';

/** The lines (none for what the lead lacks): "Phone: +57 321 1863000", "Estimate: COP 457.000.000 – COP 612.000.000". */
export function leadBrief(lead: { phone: string; estimate: LeadEstimate | null }, lang: Lang): string[] {
  const t = textsIn(lang);
  const phone = lead.phone.trim() ? (leadPhone(lead.phone, lead.estimate?.country) ?? lead.phone.trim()) : '';
  const { estimate } = lead;
  return [
    ...(phone ? [t('consoleTasks.mail.phone', { phone })] : []),
    ...(estimate
      ? [
          t('consoleTasks.mail.estimate', {
            low: money(estimate.low, estimate.currency, lang, estimate.country),
            high: money(estimate.high, estimate.currency, lang, estimate.country),
          }),
        ]
      : []),
  ];
}
