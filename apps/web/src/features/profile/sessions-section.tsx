import { type SessionRecord, type SessionsResponse, ACCOUNT_API } from '@agro/shared';
import { useCallback, useEffect, useState } from 'react';
import { UserIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-state';
import { LTR_SLOT, withLtr } from '@/components/ui/ltr';
import { Spinner } from '@/components/ui/spinner';
import { request, withToast } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n';

/** 'Chrome 131 on Windows', 'Safari 18', or 'Unknown browser'. */
function deviceName(session: SessionRecord): string {
  if (!session.browser) return session.os || t('sessions.unknownDevice');
  return session.os ? t('sessions.browserOn', { browser: session.browser, os: session.os }) : session.browser;
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; sessions: SessionRecord[] };

/**
 * Where the account is signed in (issue 44, item 2): each session by device and browser, when it
 * was opened and last used, the network it came from; any other one ended here, or all of them.
 */
export function SessionsSection() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const fetchSessions = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const answer = await request<SessionsResponse>('GET', ACCOUNT_API.userSessions);
      setLoad({ state: 'ready', sessions: answer.sessions });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);

  useEffect(() => {
    void fetchSessions();
  }, [fetchSessions]);

  const end = async (key: string, call: () => Promise<unknown>, success: string, ended: (s: SessionRecord) => boolean) => {
    setBusy(key);
    try {
      await withToast(call, { loading: t('sessions.ending'), success, error: t('sessions.endError') });
      setLoad((l) => (l.state === 'ready' ? { state: 'ready', sessions: l.sessions.filter((s) => !ended(s)) } : l));
    } catch {
      // The toast said so; the list stays as it was.
    } finally {
      setBusy(null);
    }
  };

  const others = load.state === 'ready' ? load.sessions.filter((s) => !s.current) : [];

  return (
    <section aria-labelledby="profile-sessions" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="profile-sessions" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <UserIcon size={20} /> {t('sessions.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('sessions.description')}</p>
      {load.state === 'loading' && <Loading label={t('sessions.loading')} />}
      {load.state === 'error' && (
        <LoadFailed message={t('sessions.loadError')} retryLabel={t('sessions.retry')} onRetry={() => void fetchSessions()} />
      )}
      {load.state === 'ready' && (
        <>
          <ul className="mt-4 divide-y divide-gray-100 rounded-lg border border-gray-200">
            {load.sessions.map((session) => {
              const name = deviceName(session);
              const lastActive = formatDateTime(session.lastSeenAt);
              return (
                <li key={session._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">
                      {name}
                      {session.current && (
                        <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                          {t('sessions.thisDevice')}
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-gray-600">
                      {t('sessions.lastActive', { time: lastActive })} ·{' '}
                      {t('sessions.signedIn', { time: formatDateTime(session.createdAt) })}
                    </p>
                    {session.ipPrefix && (
                      <p className="text-sm text-gray-600">{withLtr(t('sessions.network', { network: LTR_SLOT }), session.ipPrefix)}</p>
                    )}
                  </div>
                  {!session.current && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={busy !== null}
                      aria-label={t('sessions.endNamed', { device: name, time: lastActive })}
                      onClick={() =>
                        void end(
                          session._id,
                          () => request('DELETE', ACCOUNT_API.userSession(session._id)),
                          t('sessions.ended'),
                          (s) => s._id === session._id,
                        )
                      }
                    >
                      {busy === session._id && <Spinner />}
                      {t('sessions.end')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <div className="mt-4 flex justify-end">
              <button
                type="button"
                className="btn-secondary"
                disabled={busy !== null}
                onClick={() =>
                  void end(
                    'others',
                    () => request('DELETE', ACCOUNT_API.endOtherSessions),
                    t('sessions.othersEnded'),
                    (s) => !s.current,
                  )
                }
              >
                {busy === 'others' && <Spinner />}
                {t('sessions.endOthers')}
              </button>
            </div>
          ) : (
            <p className="mt-4 text-sm text-gray-600">{t('sessions.only')}</p>
          )}
        </>
      )}
    </section>
  );
}
