import { TWO_FACTOR_TEXT } from '@agro/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { KeyIcon } from '@/components/ui/icons';
import { request } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { login, secondFactor } from '@/store/auth-slice';
import { localizeMessage, t } from '@/lib/i18n';

type Steps = readonly ('code' | 'passkey')[];

/** /login/second-factor: the code after the password (two-step sign-in, within 5 minutes of it). */
export default function SecondFactorPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // What the second step may be (an authenticator code, a passkey of the account): both until the server says.
  const [steps, setSteps] = useState<Steps>(['code']);

  useEffect(() => {
    void import('@/lib/passkeys')
      .then((passkeys) => passkeys.secondSteps(request))
      .then((steps) => {
        if (steps?.length) setSteps(steps);
      })
      .catch(() => undefined);
  }, []);

  /** One of the account's passkeys as the second step (lib/passkeys.ts, its own chunk). */
  const withPasskey = async () => {
    setBusy(true);
    const passkeys = await import('@/lib/passkeys');
    try {
      const user = await passkeys.signInWithPasskey(request);
      dispatch(login.fulfilled(user, 'passkey', {} as never));
      showToast('success', t('auth.login.passkeySignedIn'));
      void navigate('/');
    } catch (error) {
      if (!passkeys.passkeyCancelled(error)) showToast('error', t('auth.login.passkeyError'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dispatch(secondFactor(code)).unwrap();
      void navigate('/');
    } catch {
      // The toast said why; the code stays as typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormShell
      title={t('auth.secondFactor.title')}
      subtitle={steps.includes('code') ? localizeMessage(TWO_FACTOR_TEXT.required) : t('auth.secondFactor.passkeyHint')}
      highlightsTitle={t('auth.secondFactor.highlightsTitle')}
      highlights={[t('auth.secondFactor.highlightApp'), t('auth.secondFactor.highlightRecovery')]}
      footer={
        <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t('auth.secondFactor.back')}
        </Link>
      }
    >
      {steps.includes('passkey') && (
        <div className="mb-6 space-y-3">
          {steps.includes('code') && <p className="text-sm text-gray-700">{t('auth.secondFactor.passkeyHint')}</p>}
          <button
            type="button"
            className={`${steps.includes('code') ? 'btn-secondary' : 'btn-primary'} inline-flex w-full items-center justify-center gap-2 py-3`}
            disabled={busy}
            onClick={() => void withPasskey()}
          >
            <KeyIcon size={18} />
            {t('auth.secondFactor.passkey')}
          </button>
        </div>
      )}
      {steps.includes('code') && (
        <form noValidate onSubmit={submit} className="space-y-5">
          <Field label={t('auth.secondFactor.code')} hint={t('auth.secondFactor.codeHint')} required>
            <input
              className="input"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          </Field>
          <button type="submit" className="btn-primary w-full py-3" disabled={busy || code.trim() === ''}>
            {t('auth.secondFactor.submit')}
          </button>
        </form>
      )}
    </FormShell>
  );
}
