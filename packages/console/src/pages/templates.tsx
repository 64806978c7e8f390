// Message templates (issue 40): each with its subject and text in Spanish and in English (the
// lead's language picks one), and the variables they may hold. Every operator reads them; admins
// create, change and delete them.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CONVERSATION_LIMITS, TEMPLATE_VARIABLES } from '@obra/schema/console';
import type { AdminRequest, MessageTemplate } from '@obra/schema/admin-contract';
import { LANGS, perLang } from '@obra/schema';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT, type ConsoleKey } from '../i18n.ts';
import { useLangName } from '../lang-options.tsx';
import { errorText } from './errors.ts';
import { Feedback } from './feedback.tsx';
import { formText } from './form-text.ts';
import { TextAreaField, TextField } from './form-kit.tsx';
import { useAction } from './use-action.ts';

const CODES: Record<string, ConsoleKey> = {
  name: 'consoleConversations.templates.errorName',
  'name-taken': 'consoleConversations.templates.nameTaken',
  subject: 'consoleConversations.error.subject',
  body: 'consoleConversations.error.body',
  variable: 'consoleConversations.error.variable',
};

/** The templates' screen. */
export function Templates({ me }: { me: Me }) {
  const { t } = useT();
  const langName = useLangName();
  const [templates, setTemplates] = useState<MessageTemplate[] | undefined>();
  // The template being edited: its id, 'new', or none.
  const [editing, setEditing] = useState<string | null>(null);
  // The template whose deletion waits for a second press.
  const [confirming, setConfirming] = useState<string | null>(null);
  const load = useCallback(() => adminApi('GET templates').then(({ templates }) => setTemplates(templates)), []);
  const { run, error, setError, message } = useAction(load, CODES);
  useEffect(() => void load().catch((caught: ApiError) => setError((t) => errorText(t, caught))), [load, setError]);
  const admin = me.role === 'admin';
  const save = (event: FormEvent<HTMLFormElement>, id: string | null) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: AdminRequest<'POST templates'> = {
      name: formText(data, 'name'),
      ...perLang((lang) => ({ subject: formText(data, `subject-${lang}`), body: formText(data, `body-${lang}`) })),
    };
    void run(
      () => (id ? adminApi('PUT templates/:id', { id, body }) : adminApi('POST templates', { body })).then(() => setEditing(null)),
      'consoleConversations.templates.saved',
    );
  };
  const editor = (template: MessageTemplate | undefined) => (
    <form
      onSubmit={(event) => save(event, template?.id ?? null)}
      className="template-form"
      aria-label={template?.name ?? t('consoleConversations.templates.new')}
    >
      <TextField
        id="template-name"
        label={t('consoleConversations.templates.name')}
        name="name"
        defaultValue={template?.name}
        maxLength={CONVERSATION_LIMITS.templateName}
        required
      />
      {LANGS.map((lang) => (
        <fieldset key={lang}>
          <legend>{langName(lang)}</legend>
          <TextField
            id={`template-subject-${lang}`}
            label={t('consoleConversations.subject')}
            name={`subject-${lang}`}
            defaultValue={template?.[lang].subject}
            maxLength={CONVERSATION_LIMITS.subject}
            required
          />
          <TextAreaField
            id={`template-body-${lang}`}
            label={t('consoleConversations.body')}
            name={`body-${lang}`}
            defaultValue={template?.[lang].body}
            rows={8}
            maxLength={CONVERSATION_LIMITS.body}
            required
          />
        </fieldset>
      ))}
      <p className="hint">
        {t('consoleConversations.templates.variables', { list: TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(' ') })}
      </p>
      <button type="submit" className="primary">
        {t('console.lead.save')}
      </button>
      <button type="button" onClick={() => setEditing(null)}>
        {t('consoleConversations.templates.cancel')}
      </button>
    </form>
  );
  return (
    <section aria-labelledby="templates-title">
      <h1 id="templates-title">{t('consoleConversations.templates.title')}</h1>
      <p>{t(admin ? 'consoleConversations.templates.intro' : 'consoleConversations.templates.introAgent')}</p>
      <Feedback message={message} error={error} />
      {admin && editing !== 'new' && (
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t('consoleConversations.templates.new')}
        </button>
      )}
      {editing === 'new' && editor(undefined)}
      {!templates ? (
        <p role="status">{t('console.inbox.loading')}</p>
      ) : (
        <ul className="templates">
          {templates.map((template) => (
            <li key={template.id}>
              {editing === template.id ? (
                editor(template)
              ) : (
                <>
                  <h2>{template.name}</h2>
                  {LANGS.map((lang) => (
                    <details key={lang}>
                      <summary>
                        {langName(lang)}: {template[lang].subject}
                      </summary>
                      <p className="message-text">{template[lang].body}</p>
                    </details>
                  ))}
                  {admin && (
                    <p>
                      <button type="button" onClick={() => setEditing(template.id)}>
                        {t('consoleConversations.templates.edit', { name: template.name })}
                      </button>{' '}
                      {confirming === template.id ? (
                        <span role="group" aria-label={t('consoleConversations.templates.deleteConfirm', { name: template.name })}>
                          {t('consoleConversations.templates.deleteConfirm', { name: template.name })}{' '}
                          <button
                            type="button"
                            className="destructive"
                            onClick={() =>
                              void run(
                                () => adminApi('DELETE templates/:id', { id: template.id }),
                                'consoleConversations.templates.deleted',
                              )
                            }
                          >
                            {t('consoleConversations.templates.deleteYes')}
                          </button>{' '}
                          <button type="button" onClick={() => setConfirming(null)}>
                            {t('consoleConversations.templates.cancel')}
                          </button>
                        </span>
                      ) : (
                        <button type="button" className="destructive" onClick={() => setConfirming(template.id)}>
                          {t('consoleConversations.templates.delete', { name: template.name })}
                        </button>
                      )}
                    </p>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
