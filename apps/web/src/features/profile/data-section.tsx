import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type AccountDeleted, ACCOUNT_API } from '@agro/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { DownloadIcon, FileTextIcon, TrashIcon } from '@/components/ui/icons';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { request, withToast } from '@/lib/api';
import { API_BASE_URL } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';
import { clearAuth } from '@/store/auth-slice';
import { useAppDispatch, useSiteSettings } from '@/store/store';

type DeleteIn = z.input<typeof deleteAccountSchema>;
type DeleteOut = z.output<typeof deleteAccountSchema>;

/** The deletion's toast: the server's message, and the orders kept with the last day they are. */
function deletedText(answer: AccountDeleted): string {
  const until = answer.kept
    .map((k) => k.keptUntil)
    .sort()
    .at(-1);
  const kept = until
    ? t('dataRights.kept', { date: formatDate(until) ?? until, orders: answer.kept.map((k) => k.orderNumber).join(', ') })
    : '';
  return [localizeMessage(answer.message), kept].filter(Boolean).join('. ');
}

/**
 * 'Your data' (issue 44, item 3): the account's data downloaded as the server writes it (a plain
 * link: the browser saves the stream with the session cookie), and the account deleted after its
 * password, the dialog saying what goes and what the law keeps.
 */
export function DataSection() {
  const [confirming, setConfirming] = useState(false);
  const link = 'inline-flex items-center gap-2 btn-secondary';
  return (
    <section aria-labelledby="profile-data" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="profile-data" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <FileTextIcon size={20} /> {t('dataRights.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('dataRights.description')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={`${API_BASE_URL}${ACCOUNT_API.dataExport}`} download className={link}>
          <DownloadIcon size={18} /> {t('dataRights.download')}
        </a>
        <a href={`${API_BASE_URL}${ACCOUNT_API.dataExport}?format=zip`} download className={link}>
          <DownloadIcon size={18} /> {t('dataRights.downloadZip')}
        </a>
        <button type="button" className="btn-danger inline-flex items-center gap-2" onClick={() => setConfirming(true)}>
          <TrashIcon size={18} /> {t('dataRights.delete')}
        </button>
      </div>
      <Dialog open={confirming} title={t('dataRights.dialogTitle')} onClose={() => setConfirming(false)}>
        {/* Mounted only while open, so each opening starts with an empty password. */}
        {confirming && <DeleteAccountForm onCancel={() => setConfirming(false)} />}
      </Dialog>
    </section>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { retentionYears } = useSiteSettings();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DeleteIn, unknown, DeleteOut>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });

  const onSubmit = async (values: DeleteOut) => {
    try {
      await withToast(() => request<AccountDeleted>('DELETE', ACCOUNT_API.deleteAccount, values), {
        loading: t('dataRights.deleting'),
        success: deletedText,
        error: t('dataRights.deleteError'),
      });
    } catch {
      return; // the toast shows the server's message (a wrong password, the last administrator)
    }
    // Signed out: the server ended every session; nothing of the account stays in this browser.
    localStorage.clear();
    dispatch(clearAuth());
    void navigate('/');
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4 text-sm text-gray-700">
      <p>{t('dataRights.dialogRemoved')}</p>
      <p>{t('dataRights.dialogAnonymised')}</p>
      <p>{t('dataRights.dialogKept', { count: retentionYears })}</p>
      <p className="font-medium text-gray-900">{t('dataRights.dialogDownloadFirst')}</p>
      <Field label={t('dataRights.password')} error={errors.password?.message} required>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern) */}
        <PasswordInput {...register('password')} autoComplete="current-password" autoFocus />
      </Field>
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('dataRights.cancel')}
        </button>
        <button type="submit" className="btn-danger inline-flex items-center gap-2" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? t('dataRights.deleting') : t('dataRights.confirm')}
        </button>
      </div>
    </form>
  );
}
