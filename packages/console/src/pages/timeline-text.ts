// What a timeline event says, in the operator's language: the lead page's timeline and a person's
// whole history (person.tsx) label every event type here, each once.
import { LEAD_STATUSES, type LeadKindName } from '@obra/schema/console';
import type { PersonView } from '@obra/schema/admin-contract';
import { useT } from '../i18n.ts';
import { when } from './format.ts';
import { dealEventText } from './deals-format.ts';
import { taskEventText } from './lead-tasks.tsx';

/** An event of a lead's timeline, or of a person's (which adds merges). */
type TimelineEvent = Pick<PersonView['timeline'][number], 'type' | 'detail'>;

/** The text of an event of a lead of kind `kind`. */
export function useEventText(): (event: TimelineEvent, kind: LeadKindName) => string {
  const { t, lang, zone } = useT();
  const followUpText = (detail: string) => {
    const [at = '', ...note] = detail.split('\n');
    if (!at) return t('consoleWork.followUp.eventCleared');
    const shown = when(at, lang, zone);
    return note.length
      ? t('consoleWork.followUp.eventNote', { when: shown, note: note.join('\n') })
      : t('consoleWork.followUp.event', { when: shown });
  };
  // A merge's detail: who with, then the reason given, if any, on the next lines.
  const mergeText = (detail: string) => {
    const [who = '', ...reason] = detail.split('\n');
    return reason.length
      ? t('consolePeople.event.mergeReason', { detail: who, reason: reason.join('\n') })
      : t('consolePeople.event.merge', { detail: who });
  };
  return (event, kind) =>
    taskEventText(t, event, lang, zone) ??
    (event.type.startsWith('deal.')
      ? dealEventText(t, lang, event)
      : event.type === 'follow-up'
        ? followUpText(event.detail)
        : event.type === 'merge'
          ? mergeText(event.detail)
          : event.type === 'unmerge'
            ? t('consolePeople.event.unmerge', { detail: event.detail })
            : event.type === 'created'
              ? t('console.lead.event.created', { detail: t(`console.kind.${kind}`) })
              : event.type === 'status'
                ? t('console.lead.event.status', {
                    detail: LEAD_STATUSES.includes(event.detail as never)
                      ? t(`console.status.${event.detail as (typeof LEAD_STATUSES)[number]}`)
                      : event.detail,
                  })
                : event.type === 'assignee'
                  ? event.detail
                    ? t('console.lead.event.assignee', { detail: event.detail })
                    : t('console.lead.event.unassigned')
                  : event.type.startsWith('partner.')
                    ? t(`consolePartners.event.${event.type.slice('partner.'.length) as 'approved'}`, { detail: event.detail })
                    : t(`console.lead.event.${event.type as 'note'}`, { detail: event.detail }));
}
