import { useState, type FormEvent } from 'react';
import { adminApi, type ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { link } from '../url-state.ts';
import { errorText } from './errors.ts';
import { formText } from './form-text.ts';
import { ErrorText, TextField } from './form-kit.tsx';
import { useText, type Text } from './use-action.ts';

/** The shortest password the API takes (packages/server/src/admin/password.ts), checked here first to say so at once. */
const MIN_PASSWORD_LENGTH = 15;

/** What is wrong with the new password typed twice in `data` (`password`, `confirm`), or '' when it may be sent. */
export function newPasswordError(data: FormData): Text {
  const password = formText(data, 'password');
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) return (t) => t('console.setPassword.short');
  if (password !== data.get('confirm')) return (t) => t('console.setPassword.mismatch');
  return '';
}

/** The API's refusals of a new password, by code. */
export const PASSWORD_CODES = { password: 'console.setPassword.short', rate: 'console.signIn.rate' } as const;

/** The new password and its repetition (`password`, `confirm`), labelled, described by the form's error line. */
export function NewPasswordFields({ password, confirm, describedBy }: { password: string; confirm: string; describedBy: string }) {
  return (
    <>
      <TextField
        id="new-password"
        label={password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        describedBy={describedBy}
      />
      <TextField
        id="confirm-password"
        label={confirm}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        describedBy={describedBy}
      />
    </>
  );
}

/** The one-time link's form: a new password, twice. */
export function SetPassword({ token }: { token: string }) {
  const { t } = useT();
  const [error, setError] = useText();
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const refused = newPasswordError(data);
    if (refused) return setError(refused);
    try {
      await adminApi('POST password', { body: { token, password: formText(data, 'password') } });
      setDone(true);
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, { ...PASSWORD_CODES, link: 'console.setPassword.link' }));
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
          <NewPasswordFields
            password={t('console.setPassword.password')}
            confirm={t('console.setPassword.confirm')}
            describedBy="set-error"
          />
          <ErrorText id="set-error">{error}</ErrorText>
          <button type="submit" className="primary">
            {t('console.setPassword.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
