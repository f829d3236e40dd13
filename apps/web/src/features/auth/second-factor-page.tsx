import { TWO_FACTOR_TEXT } from '@agro/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/store';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { secondFactor } from '@/lib/auth/auth-slice';

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
      title="Two-step sign-in"
      subtitle={TWO_FACTOR_TEXT.required}
      highlightsTitle="Your account is protected by a second step."
      highlights={['A code from your authenticator app changes every 30 seconds.', 'Lost your phone? Use one of your recovery codes.']}
      footer={
        <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          Back to login
        </Link>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <Field label="Code" hint="6 digits from the app, or a recovery code" required>
          <input
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        </Field>
        <button type="submit" className="btn-primary w-full py-3" disabled={busy || code.trim() === ''}>
          Verify
        </button>
      </form>
    </FormShell>
  );
}
