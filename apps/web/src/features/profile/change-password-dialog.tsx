import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, UI_TEXT } from '@agro/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAppDispatch } from '@/store/store';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { changePassword, getProfile } from '@/store/auth-slice';
import { localizeMessage, t } from '@/lib/i18n';

type PasswordIn = z.input<typeof changePasswordSchema>;
type PasswordOut = z.output<typeof changePasswordSchema>;

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} title={t('profile.changePassword')} onClose={onClose}>
      {/* Mounted only while open, so each opening starts with an empty form. */}
      {open && <ChangePasswordForm onDone={onClose} />}
    </Dialog>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordIn, unknown, PasswordOut>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '' },
  });

  const onSubmit = async (values: PasswordOut) => {
    try {
      await dispatch(changePassword(values)).unwrap();
    } catch {
      return; // the toast shows the server's message (e.g. a wrong old password)
    }
    onDone();
    // SPEC.md section 4: refresh auth after a password change; this session stays valid.
    void dispatch(getProfile());
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <Field label={t('profile.oldPassword')} error={errors.oldPassword?.message} required>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern) */}
        <PasswordInput {...register('oldPassword')} autoComplete="current-password" autoFocus />
      </Field>
      <Field label={t('profile.newPassword')} error={errors.newPassword?.message} required hint={localizeMessage(UI_TEXT.passwordHint)}>
        <PasswordInput {...register('newPassword')} autoComplete="new-password" />
      </Field>
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('nav.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {t('profile.updatePassword')}
        </button>
      </div>
    </form>
  );
}
