import { ACCOUNT_API, PASSKEY_NAME_MAX, type PasskeyRecord, type PasskeysResponse } from '@agro/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { KeyIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-state';
import { Spinner } from '@/components/ui/spinner';
import { request, withToast } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; passkeys: PasskeyRecord[] };

/**
 * Passkeys (issue 44, item 1): each one by its name, when it was added and last used; a new one
 * made on this device and named; renamed or removed. The browser's part (@simplewebauthn/browser)
 * is loaded when a passkey is added (lib/passkeys.ts).
 */
export function PasskeysSection() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyRecord | null>(null);
  const [newName, setNewName] = useState('');
  const [removing, setRemoving] = useState<PasskeyRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(true);

  const fetchPasskeys = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const answer = await request<PasskeysResponse>('GET', ACCOUNT_API.passkeys);
      setLoad({ state: 'ready', passkeys: answer.passkeys });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);

  useEffect(() => {
    void fetchPasskeys();
    void import('@/lib/passkeys').then(async (p) => setSupported(await p.passkeysSupported()));
  }, [fetchPasskeys]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setAdding(true);
    const passkeys = await import('@/lib/passkeys');
    try {
      const credential = await passkeys.createPasskey(request);
      const answer = await withToast(
        () => request<{ success: boolean; message: string; passkey: PasskeyRecord }>('POST', ACCOUNT_API.addPasskey, { name, credential }),
        { loading: t('passkeys.adding'), success: t('passkeys.addedToast', { name: name.trim() }), error: t('passkeys.addError') },
      );
      setLoad((l) => (l.state === 'ready' ? { state: 'ready', passkeys: [...l.passkeys, answer.passkey] } : l));
      setName('');
    } catch (error) {
      // The browser's prompt was cancelled: nothing was made. A refused answer had its toast.
      if (!(error instanceof Error && error.name === 'ApiError') && !passkeys.passkeyCancelled(error)) {
        console.error(error);
        showToast('error', t('passkeys.addError'));
      }
    } finally {
      setAdding(false);
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming || !newName.trim()) return;
    setBusy(true);
    try {
      const answer = await withToast(
        () =>
          request<{ success: boolean; message: string; passkey: PasskeyRecord }>('PATCH', ACCOUNT_API.renamePasskey(renaming._id), {
            name: newName,
          }),
        { loading: t('passkeys.renaming'), success: t('passkeys.renamed'), error: t('passkeys.renameError') },
      );
      setLoad((l) =>
        l.state === 'ready' ? { state: 'ready', passkeys: l.passkeys.map((p) => (p._id === answer.passkey._id ? answer.passkey : p)) } : l,
      );
      setRenaming(null);
    } catch {
      // The toast said so; the dialog stays open with the name as typed.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await withToast(() => request('DELETE', ACCOUNT_API.deletePasskey(removing._id)), {
        loading: t('passkeys.removing'),
        success: t('passkeys.removed'),
        error: t('passkeys.removeError'),
      });
      setLoad((l) => (l.state === 'ready' ? { state: 'ready', passkeys: l.passkeys.filter((p) => p._id !== removing._id) } : l));
      setRemoving(null);
    } catch {
      // The toast said so.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="profile-passkeys" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="profile-passkeys" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <KeyIcon size={20} /> {t('passkeys.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('passkeys.description')}</p>
      {load.state === 'loading' && <Loading label={t('passkeys.loading')} />}
      {load.state === 'error' && (
        <LoadFailed message={t('passkeys.loadError')} retryLabel={t('passkeys.retry')} onRetry={() => void fetchPasskeys()} />
      )}
      {load.state === 'ready' && (
        <>
          {load.passkeys.length === 0 ? (
            <p className="mt-4 text-sm text-gray-600">{t('passkeys.none')}</p>
          ) : (
            <ul className="mt-4 divide-y divide-gray-100 rounded-lg border border-gray-200">
              {load.passkeys.map((passkey) => (
                <li key={passkey._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium break-words text-gray-900">{passkey.name}</p>
                    <p className="text-sm text-gray-600">
                      {t('passkeys.added', { time: formatDateTime(passkey.createdAt) })} ·{' '}
                      {passkey.lastUsedAt ? t('passkeys.lastUsed', { time: formatDateTime(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-secondary"
                      aria-label={t('passkeys.renameNamed', { name: passkey.name })}
                      onClick={() => {
                        setNewName(passkey.name);
                        setRenaming(passkey);
                      }}
                    >
                      {t('passkeys.rename')}
                    </button>
                    <button
                      type="button"
                      className="btn-secondary"
                      aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                      onClick={() => setRemoving(passkey)}
                    >
                      {t('passkeys.remove')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {supported ? (
            <form noValidate onSubmit={add} className="mt-4 flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 basis-60">
                <Field label={t('passkeys.name')} hint={t('passkeys.nameHint')}>
                  <input className="input" value={name} maxLength={PASSKEY_NAME_MAX} onChange={(e) => setName(e.target.value)} />
                </Field>
              </div>
              <button type="submit" className="btn-primary inline-flex items-center gap-2" disabled={adding || !name.trim()}>
                {adding ? <Spinner /> : <KeyIcon size={18} />}
                {t('passkeys.add')}
              </button>
            </form>
          ) : (
            <p className="mt-4 text-sm text-gray-600">{t('passkeys.unsupported')}</p>
          )}
        </>
      )}
      <Dialog open={renaming !== null} title={t('passkeys.renameTitle')} onClose={() => setRenaming(null)} size="sm">
        {renaming && (
          <form noValidate onSubmit={rename} className="space-y-4">
            <Field label={t('passkeys.name')} required>
              <input
                className="input"
                value={newName}
                maxLength={PASSKEY_NAME_MAX}
                onChange={(e) => setNewName(e.target.value)}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern)
                autoFocus
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className="btn-secondary" onClick={() => setRenaming(null)}>
                {t('passkeys.cancel')}
              </button>
              <button type="submit" className="btn-primary" disabled={busy || !newName.trim()}>
                {t('passkeys.save')}
              </button>
            </div>
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        message={t('passkeys.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('passkeys.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
        danger
        busy={busy}
      />
    </section>
  );
}
