import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, SITE } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { login, TWO_FACTOR_SETUP_FLAG } from '@/store/auth-slice';
import { KeyIcon } from '@/components/ui/icons';
import { request } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { t } from '@/lib/i18n';

type LoginIn = z.input<typeof loginSchema>;
type LoginOut = z.output<typeof loginSchema>;

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signals = useBotSignals('login');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginIn, unknown, LoginOut>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const [passkeyBusy, setPasskeyBusy] = useState(false);

  /** A passkey sign-in: both factors, no code follows (the passkey code is its own chunk, lib/passkeys.ts). */
  const withPasskey = async (autofill: boolean) => {
    const passkeys = await import('@/lib/passkeys');
    if (!autofill) {
      passkeys.cancelPasskeyRequest();
      setPasskeyBusy(true);
    }
    try {
      const user = await passkeys.signInWithPasskey(request, autofill);
      sessionStorage.removeItem(TWO_FACTOR_SETUP_FLAG);
      dispatch(login.fulfilled(user, 'passkey', {} as never));
      showToast('success', t('auth.login.passkeySignedIn'));
      void navigate('/');
    } catch (error) {
      // Cancelled (or replaced by the button's own request): nothing to say.
      if (!passkeys.passkeyCancelled(error) && !autofill) showToast('error', t('auth.login.passkeyError'));
    } finally {
      if (!autofill) setPasskeyBusy(false);
    }
  };

  // Conditional mediation: the site's passkeys among the e-mail field's suggestions, where the browser has it.
  useEffect(() => {
    let live = true;
    void import('@/lib/passkeys').then(async (passkeys) => {
      if (live && (await passkeys.autofillSupported())) void withPasskey(true);
    });
    return () => {
      live = false;
      void import('@/lib/passkeys').then((passkeys) => passkeys.cancelPasskeyRequest());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens
  }, []);

  const onSubmit = async (values: LoginOut) => {
    let user;
    try {
      user = await dispatch(login({ ...values, ...(await signals.take()) })).unwrap();
    } catch {
      return; // the thunk showed the server's message; the form keeps what was typed
    }
    // Two-step sign-in: the code (or a passkey) comes next. An administrator the site requires it of sets it up first.
    if (!user) void navigate('/login/second-factor');
    else if (sessionStorage.getItem(TWO_FACTOR_SETUP_FLAG)) void navigate('/profile');
    else void navigate('/');
  };

  return (
    <FormShell
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle', { company: SITE.companyName })}
      highlightsTitle={t('auth.login.highlightsTitle')}
      highlights={[t('auth.login.highlightQuote'), t('auth.login.highlightQuotes'), t('site.replyPromise')]}
      footer={
        <>
          {t('auth.login.newHere')}{' '}
          <Link to="/register" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            {t('auth.login.createAccount')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative space-y-5">
        <Honeypot inputRef={signals.trap} />
        <Field label={t('auth.email')} error={errors.email?.message} required>
          <input {...register('email')} type="email" className="input" autoComplete="email webauthn" inputMode="email" />
        </Field>
        <div>
          <Field label={t('auth.password')} error={errors.password?.message} required>
            <PasswordInput {...register('password')} autoComplete="current-password" />
          </Field>
          <p className="mt-2 text-end text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-800 underline-offset-2 hover:underline">
              {t('auth.login.forgot')}
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {t('auth.login.submit')}
        </button>
      </form>
      <div className="mt-5 flex items-center gap-3 text-sm text-gray-600" aria-hidden="true">
        <span className="h-px flex-1 bg-gray-200" />
        {t('auth.login.or')}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <button
        type="button"
        className="btn-secondary mt-5 inline-flex w-full items-center justify-center gap-2 py-3"
        disabled={passkeyBusy}
        onClick={() => void withPasskey(false)}
      >
        {passkeyBusy ? <Spinner /> : <KeyIcon size={18} />}
        {t('auth.login.passkey')}
      </button>
    </FormShell>
  );
}
