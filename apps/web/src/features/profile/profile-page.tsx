import { zodResolver } from '@hookform/resolvers/zod';
import { UI_TEXT, updateProfileSchema, type PublicUser, type Role } from '@agro/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAppDispatch, useAppSelector } from '@/store/store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { KeyIcon, MailIcon, PhoneIcon } from '@/components/ui/icons';
import { Ltr, LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getProfile, updateProfile } from '@/store/auth-slice';
import { formatDate } from '@/lib/format';
import { ChangePasswordDialog } from './change-password-dialog';
import { DataSection } from './data-section';
import { LanguageSection } from './language-section';
import { SessionsSection } from './sessions-section';
import { TwoStepSection } from './two-step-section';
import { localizeMessage, t } from '@/lib/i18n';

type ProfileIn = z.input<typeof updateProfileSchema>;
type ProfileOut = z.output<typeof updateProfileSchema>;

function isUser(data: unknown): data is PublicUser {
  return Boolean(data && typeof data === 'object' && 'fullName' in data && 'role' in data);
}

const firstName = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? '';

const initials = (fullName: string): string =>
  fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

interface ProfilePageProps {
  /** The person's quotes, composed in by app/ (features do not import each other). */
  renderQuotes?: (role: Role) => ReactNode;
}

export default function ProfilePage({ renderQuotes }: ProfilePageProps) {
  useDocumentTitle(t('profile.title'));
  const dispatch = useAppDispatch();
  const auth = useAppSelector((s) => s.auth);
  const user = isUser(auth.data) ? auth.data : null;
  const role = auth.role || user?.role || 'USER';
  const [confirmUpdate, setConfirmUpdate] = useState<ProfileOut | null>(null);
  const [updating, setUpdating] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileIn, unknown, ProfileOut>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { fullName: user?.fullName ?? '', email: user?.email ?? '', phoneNumber: user?.phoneNumber ?? '' },
  });

  // Fresh details on entry (SPEC.md section 4: a profile fetch sets the user data).
  useEffect(() => {
    void dispatch(getProfile());
  }, [dispatch]);

  // When fresh details arrive, show them, without overwriting what the person is editing.
  const fullName = user?.fullName ?? '';
  const email = user?.email ?? '';
  const phoneNumber = user?.phoneNumber ?? '';
  useEffect(() => {
    reset({ fullName, email, phoneNumber }, { keepDirtyValues: true });
  }, [fullName, email, phoneNumber, reset]);

  const doUpdate = async () => {
    if (!confirmUpdate) return;
    setUpdating(true);
    try {
      await dispatch(updateProfile(confirmUpdate)).unwrap();
      setConfirmUpdate(null);
      reset(confirmUpdate);
      // SPEC.md section 4: refresh the auth state after an update.
      void dispatch(getProfile());
    } catch {
      setConfirmUpdate(null); // the toast says why; the form keeps the edits
    } finally {
      setUpdating(false);
    }
  };

  const customerSince = formatDate(user?.createdAt) ?? t('profile.notAvailable');

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:flex-row sm:items-center sm:py-16">
          <span
            aria-hidden="true"
            className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-accent-400 text-2xl font-bold text-brand-900 ring-4 ring-white/20"
          >
            {user ? initials(user.fullName) : ''}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-400">
              {role === 'ADMIN' ? t('profile.administrator') : t('profile.myAccount')}
            </p>
            <h1 className="mt-1 break-words text-3xl font-bold tracking-tight sm:text-4xl">
              {user ? t('profile.hello', { name: firstName(user.fullName) }) : t('profile.helloAnonymous')}
            </h1>
            <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-100">
              {user?.email && (
                <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
                  <MailIcon size={15} className="shrink-0" /> <Ltr>{user.email}</Ltr>
                </span>
              )}
              {user?.phoneNumber && (
                <span className="inline-flex items-center gap-1.5">
                  <PhoneIcon size={15} /> <Ltr>{user.phoneNumber}</Ltr>
                </span>
              )}
            </div>
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
        <section aria-labelledby="profile-details" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="profile-details" className="text-xl font-semibold text-gray-900">
              {t('profile.details')}
            </h2>
            <p className="text-sm text-gray-600">{t('profile.detailsHint')}</p>
          </div>
          <form noValidate onSubmit={handleSubmit((values) => setConfirmUpdate(values))} className="mt-6 grid gap-5 md:grid-cols-2">
            <Field label={t('profile.fullName')} error={errors.fullName?.message} required>
              <input {...register('fullName')} className="input" autoComplete="name" />
            </Field>
            <Field label={t('profile.email')} error={errors.email?.message} required>
              <input {...register('email')} type="email" inputMode="email" className="input" autoComplete="email" />
            </Field>
            <Field
              label={t('profile.phone')}
              error={errors.phoneNumber?.message}
              required
              hint={withLtr(t('profile.phoneHint', { example: LTR_SLOT }), '+91-9876543210')}
            >
              <input {...register('phoneNumber')} type="tel" inputMode="tel" className="input" autoComplete="tel" />
            </Field>
            <Field label={localizeMessage(UI_TEXT.customerSince)}>
              <input value={customerSince} readOnly className="input bg-gray-50 text-gray-700" />
            </Field>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end md:col-span-2">
              <button type="button" className="btn-secondary" onClick={() => setPasswordOpen(true)}>
                <KeyIcon size={18} /> {t('profile.changePassword')}
              </button>
              <button type="submit" className="btn-primary" disabled={updating}>
                {updating && <Spinner />}
                {t('profile.updateProfile')}
              </button>
            </div>
          </form>
        </section>

        <LanguageSection />
        <TwoStepSection />
        <SessionsSection />
        <DataSection />

        {renderQuotes?.(role)}
      </div>

      <ConfirmDialog
        open={confirmUpdate !== null}
        message={UI_TEXT.updateProfileConfirm}
        confirmLabel={t('profile.confirm')}
        busy={updating}
        onConfirm={() => void doUpdate()}
        onCancel={() => setConfirmUpdate(null)}
      />
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
