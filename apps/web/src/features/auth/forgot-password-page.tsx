import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, RESET_MAIL_SENT_KEY, UI_TEXT } from '@agro/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { MailIcon } from '@/components/ui/icons';
import { FormShell } from '@/components/ui/form-shell';
import { Spinner } from '@/components/ui/spinner';
import { forgotPassword } from '@/store/auth-slice';
import { useProofOfWork } from '@/lib/proof-of-work';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { localizeMessage, t } from '@/lib/i18n';

type ForgotIn = z.input<typeof forgotPasswordSchema>;
type ForgotOut = z.output<typeof forgotPasswordSchema>;

function readFlag(): boolean {
  try {
    return localStorage.getItem(RESET_MAIL_SENT_KEY) === 'true';
  } catch {
    return false;
  }
}

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  // SPEC.md section 2: a flag in browser storage remembers that a reset mail was sent.
  const [mailSent, setMailSent] = useState(readFlag);
  // Solved while the person types (lib/proof-of-work.ts).
  const proofOfWork = useProofOfWork('forgot-password');
  const signals = useBotSignals('forgot-password');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotIn, unknown, ForgotOut>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: ForgotOut) => {
    try {
      const [botSignals, altcha] = await Promise.all([signals.take(), proofOfWork.take()]);
      await dispatch(forgotPassword({ ...values, ...botSignals, altcha })).unwrap();
    } catch {
      return;
    }
    localStorage.setItem(RESET_MAIL_SENT_KEY, 'true');
    setMailSent(true);
  };

  const resend = () => {
    localStorage.removeItem(RESET_MAIL_SENT_KEY);
    setMailSent(false);
  };

  const backToLogin = (
    <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
      {t('auth.forgot.back')}
    </Link>
  );

  if (mailSent) {
    return (
      <FormShell title={t('auth.forgot.checkInbox')} footer={backToLogin}>
        <div className="text-center">
          <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <MailIcon size={30} />
          </span>
          <p role="status" className="mt-4 text-lg font-medium text-gray-900">
            {localizeMessage(UI_TEXT.resetLinkSent)}
          </p>
          <p className="mt-2 text-sm text-gray-600">{t('auth.forgot.validShort')}</p>
          <button type="button" className="btn-secondary mt-6" onClick={resend}>
            {localizeMessage(UI_TEXT.resendEmail)}
          </button>
        </div>
      </FormShell>
    );
  }

  return (
    <FormShell title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={backToLogin}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative space-y-5">
        <Honeypot inputRef={signals.trap} />
        <div ref={proofOfWork.host} hidden />
        <Field label={t('auth.email')} error={errors.email?.message} required>
          <input {...register('email')} type="email" className="input" autoComplete="email" inputMode="email" />
        </Field>
        <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {t('auth.forgot.submit')}
        </button>
      </form>
    </FormShell>
  );
}
