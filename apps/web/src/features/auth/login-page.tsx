import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, SITE } from '@agro/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { login, TWO_FACTOR_SETUP_FLAG } from '@/store/auth-slice';
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

  const onSubmit = async (values: LoginOut) => {
    let user;
    try {
      user = await dispatch(login({ ...values, ...(await signals.take()) })).unwrap();
    } catch {
      return; // the thunk showed the server's message; the form keeps what was typed
    }
    // Two-step sign-in: the code comes next. An administrator the site requires it of sets it up first.
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
          <input {...register('email')} type="email" className="input" autoComplete="email" inputMode="email" />
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
    </FormShell>
  );
}
