import { API, TEAM_TEXT, type ApiResult, type TeamResponse } from '@agro/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Ltr } from '@/components/ui/ltr';
import { PageHero } from '@/components/ui/page-hero';
import { errorMessage, request, withToast } from '@/lib/api';
import { useAppSelector } from '@/store/store';
import { formatDate } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

const day = (iso: string) => formatDate(iso) ?? iso;

/** /team (ADMIN): the administrators and pending invitations; invite a colleague, remove one, cancel an invitation. */
export default function TeamPage() {
  useDocumentTitle(t('team.title'));
  const me = useAppSelector((s) => s.auth.data);
  const myId = typeof me === 'object' && me && '_id' in me ? String(me._id) : '';
  const [team, setTeam] = useState<TeamResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [toRemove, setToRemove] = useState<{ id: string; label: string } | null>(null);

  const load = useCallback(() => {
    request<TeamResponse>('GET', API.team).then(
      (r) => {
        setTeam(r);
        setProblem(null);
      },
      (e: unknown) => setProblem(errorMessage(e, t('team.loadError'))),
    );
  }, []);
  useEffect(load, [load]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await withToast(() => request<ApiResult>('POST', API.teamInvite, { email }), {
        loading: TEAM_TEXT.inviting,
        success: TEAM_TEXT.invited,
        error: TEAM_TEXT.inviteError,
      });
      setEmail('');
      load();
    } catch {
      // The toast said why; the address stays as typed.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!toRemove) return;
    setBusy(true);
    try {
      await withToast(() => request<ApiResult>('DELETE', API.teamRemove(toRemove.id)), {
        loading: TEAM_TEXT.removing,
        success: (r) => r.message,
        error: TEAM_TEXT.removeError,
      });
      load();
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
      setToRemove(null);
    }
  };

  return (
    <>
      <PageHero eyebrow={t('team.eyebrow')} title={t('team.title')}>
        {t('team.intro')}
      </PageHero>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10">
        <form onSubmit={invite} className="flex flex-wrap items-end gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <Field label={t('team.email')} className="min-w-64 flex-1">
            <input className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </Field>
          <button type="submit" className="btn-primary px-5 py-2.5" disabled={busy || email.trim() === ''}>
            {t('team.invite')}
          </button>
        </form>

        {problem && <p role="alert">{localizeMessage(problem)}</p>}
        {!team && !problem && <p role="status">{t('team.loading')}</p>}
        {team && (
          <>
            <section aria-labelledby="admins-heading">
              <h2 id="admins-heading" className="text-xl font-bold text-brand-900">
                {t('team.admins')}
              </h2>
              <ul className="mt-4 divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white">
                {team.admins.map((a) => (
                  <li key={a._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <p className="font-medium text-gray-900">{a.fullName}</p>
                      <p className="break-all text-sm text-gray-700">
                        <Ltr>{a.email}</Ltr>
                      </p>
                      <p className="text-xs text-gray-600">{t('team.since', { day: day(a.createdAt) })}</p>
                    </div>
                    {team.admins.length > 1 && a._id !== myId && (
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5 text-sm text-red-700"
                        onClick={() => setToRemove({ id: a._id, label: t('team.removeConfirm', { name: a.fullName }) })}
                        aria-label={t('team.removeLabel', { name: a.fullName })}
                      >
                        {t('team.remove')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="invites-heading">
              <h2 id="invites-heading" className="text-xl font-bold text-brand-900">
                {t('team.invites')}
              </h2>
              {team.invites.length === 0 ? (
                <p className="mt-4 text-gray-700">{t('team.noInvites')}</p>
              ) : (
                <ul className="mt-4 divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white">
                  {team.invites.map((i) => (
                    <li key={i._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                      <div className="min-w-0">
                        <p className="break-all font-medium text-gray-900">
                          <Ltr>{i.email}</Ltr>
                        </p>
                        <p className="text-xs text-gray-600">{t('team.invitedBy', { by: i.invitedBy, day: day(i.expiresAt) })}</p>
                      </div>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5 text-sm"
                        onClick={() => setToRemove({ id: i._id, label: t('team.cancelConfirm', { email: i.email }) })}
                        aria-label={t('team.cancelLabel', { email: i.email })}
                      >
                        {t('team.cancelInvite')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        message={toRemove?.label ?? ''}
        confirmLabel={t('team.confirm')}
        cancelLabel={t('team.cancel')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}
