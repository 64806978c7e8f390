import { useState, type FormEvent } from 'react';
import { api, type ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { link } from '../url-state.ts';
import { errorText } from './errors.ts';
import { formText } from './form-text.ts';
import { useText } from './use-action.ts';

/** The one-time link's form: a new password, twice. */
export function SetPassword({ token }: { token: string }) {
  const { t } = useT();
  const [error, setError] = useText();
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = formText(data, 'password');
    if (Array.from(password).length < 10) return setError((t) => t('console.setPassword.short'));
    if (password !== data.get('confirm')) return setError((t) => t('console.setPassword.mismatch'));
    try {
      await api('password', { method: 'POST', body: { token, password } });
      setDone(true);
    } catch (caught) {
      setError((t) =>
        errorText(t, caught as ApiError, {
          link: 'console.setPassword.link',
          password: 'console.setPassword.short',
          rate: 'console.signIn.rate',
        }),
      );
    }
  };
  return (
    <section className="narrow" aria-labelledby="set-title">
      <h1 id="set-title">{t('console.setPassword.title')}</h1>
      {done ? (
        <p role="status" className="ok">
          {t('console.setPassword.done')}{' '}
          <a href="/admin/sign-in" onClick={link('/admin/sign-in')}>
            {t('console.signIn.title')}
          </a>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor="new-password">{t('console.setPassword.password')}</label>
          <input
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            aria-describedby="set-error"
          />
          <label htmlFor="confirm-password">{t('console.setPassword.confirm')}</label>
          <input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required aria-describedby="set-error" />
          <p id="set-error" className="error" role="alert">
            {error}
          </p>
          <button type="submit" className="primary">
            {t('console.setPassword.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
