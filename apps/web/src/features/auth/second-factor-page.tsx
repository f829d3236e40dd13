import { TWO_FACTOR_TEXT } from '@agro/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { secondFactor } from '@/store/auth-slice';
import { localizeMessage, t } from '@/lib/i18n';

/** /login/second-factor: the code after the password (two-step sign-in, within 5 minutes of it). */
export default function SecondFactorPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

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
      subtitle={localizeMessage(TWO_FACTOR_TEXT.required)}
      highlightsTitle={t('auth.secondFactor.highlightsTitle')}
      highlights={[t('auth.secondFactor.highlightApp'), t('auth.secondFactor.highlightRecovery')]}
      footer={
        <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t('auth.secondFactor.back')}
        </Link>
      }
    >
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
    </FormShell>
  );
}
