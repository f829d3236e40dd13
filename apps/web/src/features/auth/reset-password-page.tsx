import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_STORAGE_KEYS, resetPasswordFormSchema, TIMINGS, UI_TEXT } from '@agro/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { clearAuth, resetPassword } from '@/store/auth-slice';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { localizeMessage, t } from '@/lib/i18n';

type ResetIn = z.input<typeof resetPasswordFormSchema>;
type ResetOut = z.output<typeof resetPasswordFormSchema>;

export default function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [done, setDone] = useState(false);
  const signals = useBotSignals('reset-password');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetIn, unknown, ResetOut>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (values: ResetOut) => {
    try {
      await dispatch(resetPassword({ token, password: values.newPassword, ...(await signals.take()) })).unwrap();
    } catch {
      return; // keep the form so the person can try again (or ask for a new link)
    }
    setDone(true);
    // The server ended every session of this account: forget the client's copy too.
    dispatch(clearAuth());
    for (const key of Object.values(AUTH_STORAGE_KEYS)) localStorage.removeItem(key);
    toast.info(localizeMessage(UI_TEXT.redirectingToLogin));
    timer.current = setTimeout(() => void navigate('/login'), TIMINGS.resetRedirectMs);
  };

  return (
    <FormShell
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <Link to="/forgot-password" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t('auth.reset.newLink')}
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative space-y-5">
        <Honeypot inputRef={signals.trap} />
        <Field
          label={t('auth.reset.newPassword')}
          error={errors.newPassword?.message}
          required
          hint={localizeMessage(UI_TEXT.passwordHint)}
        >
          <PasswordInput {...register('newPassword')} autoComplete="new-password" />
        </Field>
        <Field label={t('auth.reset.confirm')} error={errors.confirmPassword?.message} required>
          <PasswordInput {...register('confirmPassword')} autoComplete="new-password" />
        </Field>
        <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting || done}>
          {isSubmitting && <Spinner />}
          {t('auth.reset.submit')}
        </button>
      </form>
    </FormShell>
  );
}
