import { API, TEAM_TEXT, type ApiResult, type TeamResponse } from '@agro/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PageHero } from '@/components/ui/page-hero';
import { errorMessage, request, withToast } from '@/lib/api';
import { useAppSelector } from '@/app/store';
import { useDocumentTitle } from '@/lib/use-document-title';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** /team (ADMIN): the administrators and pending invitations; invite a colleague, remove one, cancel an invitation. */
export default function TeamPage() {
  useDocumentTitle('Team');
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
      (e: unknown) => setProblem(errorMessage(e, 'Error in loading the team !')),
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
      <PageHero eyebrow="Owner's console" title="Team">
        The administrators of the site. Invite a colleague by e-mail: the link works once, for 72 hours.
      </PageHero>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10">
        <form onSubmit={invite} className="flex flex-wrap items-end gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
          <Field label="Colleague's email" className="min-w-64 flex-1">
            <input className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </Field>
          <button type="submit" className="btn-primary px-5 py-2.5" disabled={busy || email.trim() === ''}>
            Send invitation
          </button>
        </form>

        {problem && <p role="alert">{problem}</p>}
        {!team && !problem && <p role="status">Loading the team ...</p>}
        {team && (
          <>
            <section aria-labelledby="admins-heading">
              <h2 id="admins-heading" className="text-xl font-bold text-brand-900">
                Administrators
              </h2>
              <ul className="mt-4 divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white">
                {team.admins.map((a) => (
                  <li key={a._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <p className="font-medium text-gray-900">{a.fullName}</p>
                      <p className="break-all text-sm text-gray-700">{a.email}</p>
                      <p className="text-xs text-gray-600">{`Since ${day(a.createdAt)}`}</p>
                    </div>
                    {team.admins.length > 1 && a._id !== myId && (
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5 text-sm text-red-700"
                        onClick={() => setToRemove({ id: a._id, label: `Remove ${a.fullName} as administrator?` })}
                        aria-label={`Remove ${a.fullName}`}
                      >
                        Remove
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="invites-heading">
              <h2 id="invites-heading" className="text-xl font-bold text-brand-900">
                Pending invitations
              </h2>
              {team.invites.length === 0 ? (
                <p className="mt-4 text-gray-700">No pending invitations.</p>
              ) : (
                <ul className="mt-4 divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white">
                  {team.invites.map((i) => (
                    <li key={i._id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                      <div className="min-w-0">
                        <p className="break-all font-medium text-gray-900">{i.email}</p>
                        <p className="text-xs text-gray-600">{`Invited by ${i.invitedBy}, expires ${day(i.expiresAt)}`}</p>
                      </div>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5 text-sm"
                        onClick={() => setToRemove({ id: i._id, label: `Cancel the invitation of ${i.email}?` })}
                        aria-label={`Cancel the invitation of ${i.email}`}
                      >
                        Cancel invitation
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
        confirmLabel="Confirm"
        cancelLabel="Cancel"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}
