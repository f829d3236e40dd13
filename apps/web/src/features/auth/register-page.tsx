import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY_CODES, formatPhoneNumber, registerFormSchema, SITE, UI_TEXT } from '@agro/shared';
import type { ComponentPropsWithRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { CountrySelect } from '@/components/ui/country-select';
import { Field } from '@/components/ui/field';
import { FormShell } from '@/components/ui/form-shell';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { registerUser } from '@/store/auth-slice';
import { useProofOfWork } from '@/lib/proof-of-work';
import { Honeypot, useBotSignals } from '@/lib/bot-signals';
import { localizeMessage, t } from '@/lib/i18n';

type RegisterIn = z.input<typeof registerFormSchema>;
type RegisterOut = z.output<typeof registerFormSchema>;

const EMPTY: RegisterIn = { fullName: '', email: '', countryCode: '', phoneNumber: '', password: '' };

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterIn, unknown, RegisterOut>({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });
  const countryIso = useWatch({ control, name: 'countryCode' });
  // Solved while the person types (lib/proof-of-work.ts).
  const proofOfWork = useProofOfWork('register');
  const signals = useBotSignals('register');
  const country = COUNTRY_CODES.find((c) => c.iso === countryIso);

  const onSubmit = async (values: RegisterOut) => {
    const dialCode = COUNTRY_CODES.find((c) => c.iso === values.countryCode)?.dialCode ?? '';
    try {
      const [botSignals, altcha] = await Promise.all([signals.take(), proofOfWork.take()]);
      await dispatch(
        registerUser({
          ...botSignals,
          fullName: values.fullName,
          email: values.email,
          password: values.password,
          phoneNumber: formatPhoneNumber(dialCode, values.phoneNumber),
          altcha,
        }),
      ).unwrap();
    } catch {
      // The thunk has shown the server's message; what was typed stays.
      return;
    }
    toast.success(localizeMessage(UI_TEXT.loginToProceed));
    reset(EMPTY);
    void navigate('/login');
  };

  return (
    <FormShell
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle', { company: SITE.companyName })}
      highlightsTitle={t('auth.register.highlightsTitle')}
      highlights={[t('auth.register.highlightQuotes'), t('auth.register.highlightFollow'), t('site.replyPromise')]}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            {t('auth.register.login')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="relative space-y-5">
        <div ref={proofOfWork.host} hidden />
        <Honeypot inputRef={signals.trap} />
        <Field label={t('auth.register.fullName')} error={errors.fullName?.message} required>
          <input {...register('fullName')} className="input" autoComplete="name" />
        </Field>
        <Field label={t('auth.email')} error={errors.email?.message} required>
          <input {...register('email')} type="email" className="input" autoComplete="email" inputMode="email" />
        </Field>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,11fr)_minmax(0,10fr)]">
          <Field label={t('auth.register.country')} error={errors.countryCode?.message} required>
            <CountrySelect {...register('countryCode')} selectedIso={countryIso} />
          </Field>
          <Field
            label={t('auth.register.phone')}
            error={errors.phoneNumber?.message}
            required
            hint={
              country
                ? withLtr(t('auth.register.phoneWithout', { dialCode: LTR_SLOT }), country.dialCode)
                : t('auth.register.phoneWithoutCode')
            }
          >
            <PhoneInput dialCode={country?.dialCode} {...register('phoneNumber')} />
          </Field>
        </div>
        <Field label={t('auth.password')} error={errors.password?.message} required hint={localizeMessage(UI_TEXT.passwordHint)}>
          <PasswordInput {...register('password')} autoComplete="new-password" />
        </Field>
        <button type="submit" className="btn-primary w-full py-3" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {t('auth.register.submit')}
        </button>
      </form>
    </FormShell>
  );
}

type PhoneProps = ComponentPropsWithRef<'input'> & { dialCode: string | undefined };

function PhoneInput({ dialCode, className, ...props }: PhoneProps) {
  return (
    <div className="flex">
      <span
        aria-hidden="true"
        className="inline-flex min-w-14 items-center justify-center rounded-s-lg border border-e-0 border-gray-300 bg-gray-50 px-3 text-sm font-medium text-gray-700"
      >
        {dialCode ?? '+'}
      </span>
      <input {...props} type="tel" inputMode="tel" autoComplete="tel-national" className={`input rounded-s-none  ${className ?? ''}`} />
    </div>
  );
}
