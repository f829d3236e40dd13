import { API, COUNTRY_CODES, TEAM_TEXT, formatPhoneNumber, type UserResponse } from '@agro/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '@/store/store';
import { Field } from '@/components/ui/field';
import { PageHero } from '@/components/ui/page-hero';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, request, withToast } from '@/lib/api';
import { getProfile } from '@/store/auth-slice';
import { localizeMessage, t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /team/accept/{token}: the invited colleague sets a name, phone and password and becomes an administrator. */
export default function AcceptInvitePage() {
  useDocumentTitle(t('team.join'));
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [dialCode, setDialCode] = useState('+91');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await withToast(
        () => request<UserResponse>('POST', API.teamAccept(token), { fullName, phoneNumber: formatPhoneNumber(dialCode, phone), password }),
        { loading: TEAM_TEXT.accepting, success: TEAM_TEXT.accepted, error: TEAM_TEXT.acceptError },
      );
      await dispatch(getProfile());
      await navigate('/settings');
    } catch (e) {
      // The form keeps what was typed.
      setProblem(e instanceof ApiError ? (e.serverMessage ?? TEAM_TEXT.acceptError) : TEAM_TEXT.acceptError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHero eyebrow={t('team.title')} title={t('team.join')} />
      <form onSubmit={submit} className="mx-auto max-w-xl space-y-5 px-4 py-10" noValidate>
        <Field label={t('team.fullName')} required>
          <input className="input" value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" />
        </Field>
        <div className="grid grid-cols-[8rem_1fr] gap-3">
          <Field label={t('team.countryCode')}>
            <select className="input" value={dialCode} onChange={(e) => setDialCode(e.target.value)}>
              {COUNTRY_CODES.map((c) => (
                <option key={c.iso} value={c.dialCode}>{`${c.name} ${c.dialCode}`}</option>
              ))}
            </select>
          </Field>
          <Field label={t('team.phone')} required>
            <input className="input" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel-national" />
          </Field>
        </div>
        <Field label={t('team.password')} required hint={t('team.passwordHint')}>
          <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
        </Field>
        <button type="submit" className="btn-primary w-full py-3" disabled={busy}>
          {t('team.joinSubmit')}
        </button>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {localizeMessage(problem)}
          </p>
        )}
      </form>
    </>
  );
}
