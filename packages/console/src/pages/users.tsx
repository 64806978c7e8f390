// Users admin (admins only): invite with a one-time link, change roles, remove.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { OperatorItem } from '@obra/schema/admin-contract';
import { OPERATOR_ROLES, type OperatorRole } from '@obra/schema/console';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { errorText } from './errors.ts';
import { formText } from './form-text.ts';
import { ErrorText, Options, SelectField, TextField } from './form-kit.tsx';
import { useText } from './use-action.ts';

/** The operators, and the invitation form. */
export function Users({ me }: { me: Me }) {
  const { t } = useT();
  const [users, setUsers] = useState<OperatorItem[]>([]);
  const [error, setError] = useText();
  const [invited, setInvited] = useState<{ email: string; link: string } | undefined>();
  const load = useCallback(
    () =>
      adminApi('GET users').then(
        ({ users }) => setUsers(users),
        (caught: ApiError) => setError((t) => errorText(t, caught)),
      ),
    [setError],
  );
  useEffect(() => void load(), [load]);
  const roles = OPERATOR_ROLES.map((role) => ({ value: role, label: t(`console.users.roles.${role}`) }));
  const codes = { exists: 'console.users.exists', 'last-admin': 'console.users.lastAdmin', email: 'console.error.email' } as const;
  const run = async (work: () => Promise<unknown>) => {
    setError('');
    try {
      await work();
      await load();
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, codes));
    }
  };
  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = formText(data, 'email').trim();
    void run(async () => {
      const { link } = await adminApi('POST users', { body: { email, role: formText(data, 'role') as OperatorRole } });
      setInvited({ email, link });
      form.reset();
    });
  };
  return (
    <>
      <h1>{t('console.users.title')}</h1>
      {error && <ErrorText>{error}</ErrorText>}
      <table className="users">
        <caption className="visually-hidden">{t('console.users.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.users.email')}</th>
            <th scope="col">{t('console.users.role')}</th>
            <th scope="col">{t('console.users.state')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('console.users.remove', { email: '' })}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                {user.email} {user.id === me.id && t('console.users.you')}
              </th>
              <td data-label={t('console.users.role')}>
                <select
                  aria-label={t('console.users.roleOf', { email: user.email })}
                  value={user.role}
                  onChange={(e) =>
                    void run(() => adminApi('PATCH users/:id', { id: user.id, body: { role: e.target.value as OperatorRole } }))
                  }
                >
                  <Options options={roles} />
                </select>
              </td>
              <td data-label={t('console.users.state')}>{user.active ? t('console.users.active') : t('console.users.invited')}</td>
              <td>
                {user.id !== me.id && (
                  <button
                    type="button"
                    className="destructive"
                    onClick={() => void run(() => adminApi('DELETE users/:id', { id: user.id }))}
                  >
                    {t('console.users.remove', { email: user.email })}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="invite-title">
        <h2 id="invite-title">{t('console.users.invite')}</h2>
        <form className="inline" onSubmit={invite}>
          <TextField id="invite-email" label={t('console.users.email')} name="email" type="email" required autoComplete="off" wrap />
          <SelectField
            id="invite-role"
            label={t('console.users.role')}
            name="role"
            defaultValue="agent"
            options={[...roles].reverse()}
            wrap
          />
          <button type="submit" className="primary">
            {t('console.users.inviteSubmit')}
          </button>
        </form>
        {invited && (
          <div role="status">
            <TextField
              id="invite-link"
              label={t('console.users.link', { email: invited.email })}
              type="text"
              readOnly
              value={invited.link}
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
        )}
      </section>
    </>
  );
}
