import { useState, type FormEvent } from 'react';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { errorText } from './errors.ts';
import { formText } from './form-text.ts';
import { ErrorText, TextField } from './form-kit.tsx';
import { NewPasswordFields, newPasswordError, PASSWORD_CODES } from './set-password.tsx';
import { useText } from './use-action.ts';

/** The signed-in operator's account: their e-mail and role, and changing their own password. */
export function Account({ me }: { me: Me }) {
  const { t } = useT();
  const [error, setError] = useText();
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setDone(false);
    const refused = newPasswordError(data);
    setError(refused);
    if (refused) return;
    try {
      await adminApi('POST account/password', { body: { current: formText(data, 'current'), password: formText(data, 'password') } });
      form.reset();
      setDone(true);
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, { ...PASSWORD_CODES, current: 'console.account.wrongCurrent' }));
    }
  };
  return (
    <section className="narrow" aria-labelledby="account-title">
      <h1 id="account-title">{t('console.account.title')}</h1>
      <p>
        {me.email} · {t(`console.users.roles.${me.role}`)}
      </p>
      <h2 id="password-title">{t('console.account.heading')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="password-title">
        <TextField
          id="current-password"
          label={t('console.account.current')}
          name="current"
          type="password"
          autoComplete="current-password"
          required
          describedBy="account-error"
        />
        <NewPasswordFields password={t('console.account.password')} confirm={t('console.account.confirm')} describedBy="account-error" />
        <ErrorText id="account-error">{error}</ErrorText>
        {done && (
          <p role="status" className="ok">
            {t('console.account.done')}
          </p>
        )}
        <button type="submit" className="primary">
          {t('console.account.submit')}
        </button>
      </form>
    </section>
  );
}
