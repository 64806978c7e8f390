import { useState, type FormEvent } from 'react';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { formText } from './form-text.ts';
import { ErrorText, TextField } from './form-kit.tsx';
import { useT } from '../i18n.ts';
import { errorText } from './errors.ts';
import { useText } from './use-action.ts';

/** E-mail and password; the errors of a refusal in the operator's language. */
export function SignIn({ onSignedIn, notice }: { onSignedIn: (user: Me, csrf: string) => void; notice: string }) {
  const { t } = useT();
  const [error, setError] = useText();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const { user, csrf } = await adminApi('POST session', {
        body: { email: formText(data, 'email'), password: formText(data, 'password') },
      });
      onSignedIn(user, csrf);
    } catch (caught) {
      setError((t) =>
        errorText(t, caught as ApiError, {
          credentials: 'console.signIn.credentials',
          rate: 'console.signIn.rate',
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('console.signIn.title')}</h1>
      {notice && (
        <p role="status" className="ok">
          {notice}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {(['email', 'password'] as const).map((name) => (
          <TextField
            key={name}
            id={name}
            label={t(`console.signIn.${name}`)}
            name={name}
            type={name}
            autoComplete={name === 'email' ? 'username' : 'current-password'}
            required
            describedBy={error ? 'sign-in-error' : undefined}
            invalid={Boolean(error)}
          />
        ))}
        <ErrorText id="sign-in-error">{error}</ErrorText>
        <button type="submit" className="primary" disabled={busy}>
          {t('console.signIn.submit')}
        </button>
      </form>
    </section>
  );
}
