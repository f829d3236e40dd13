import { API, TWO_FACTOR_TEXT, type ApiResult, type RecoveryCodesResponse, type TwoFactorSetupResponse } from '@agro/shared';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { ShieldIcon } from '@/components/ui/icons';
import { ApiError, request, withToast } from '@/lib/api';
import { localizeMessage, t } from '@/lib/i18n';

type Status = { success: boolean; message: string; enabled: boolean };
type Step = 'closed' | 'off' | 'setup' | 'codes' | 'on';

/**
 * Two-step sign-in from the profile (issue 26): a QR code for an authenticator app, confirmed
 * with its first code; ten recovery codes shown once; turned off with a code.
 */
export function TwoStepSection() {
  const [step, setStep] = useState<Step>('closed');
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setProblem(null);
    try {
      return await call();
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.serverMessage ?? TWO_FACTOR_TEXT.verifyError) : TWO_FACTOR_TEXT.verifyError);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const open = async () => {
    const status = await run(() => request<Status>('GET', API.twoFactorStatus));
    if (status) setStep(status.enabled ? 'on' : 'off');
  };
  const start = async () => {
    const answer = await run(() => request<TwoFactorSetupResponse>('POST', API.twoFactorSetup, {}));
    if (answer) {
      setSetup(answer);
      setStep('setup');
    }
  };
  const enable = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() =>
      withToast(() => request<RecoveryCodesResponse>('POST', API.twoFactorEnable, { code }), {
        loading: TWO_FACTOR_TEXT.verifying,
        success: TWO_FACTOR_TEXT.enabled,
        error: TWO_FACTOR_TEXT.verifyError,
      }),
    );
    if (answer) {
      setCodes(answer.recoveryCodes);
      setCode('');
      setStep('codes');
      sessionStorage.removeItem('twoFactorSetupRequired');
    }
  };
  const disable = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() =>
      withToast(() => request<ApiResult>('POST', API.twoFactorDisable, { code }), {
        loading: TWO_FACTOR_TEXT.verifying,
        success: TWO_FACTOR_TEXT.disabled,
        error: TWO_FACTOR_TEXT.verifyError,
      }),
    );
    if (answer) {
      setCode('');
      setStep('off');
    }
  };

  const codeField = (
    <Field label={t('twoStep.code')} hint={t('twoStep.codeHint')}>
      <input
        className="input max-w-xs"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
      />
    </Field>
  );

  return (
    <section aria-labelledby="two-step-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="two-step-heading" className="flex items-center gap-2 text-xl font-semibold text-gray-900">
        <ShieldIcon className="text-brand-800" /> {t('twoStep.heading')}
      </h2>
      <p className="mt-2 text-sm text-gray-700">{t('twoStep.intro')}</p>
      {step === 'closed' && (
        <button type="button" className="btn-secondary mt-4" onClick={() => void open()} disabled={busy}>
          {t('twoStep.manage')}
        </button>
      )}
      {step === 'off' && (
        <button type="button" className="btn-primary mt-4" onClick={() => void start()} disabled={busy}>
          {t('twoStep.turnOn')}
        </button>
      )}
      {step === 'setup' && setup && (
        <form onSubmit={enable} className="mt-4 space-y-4">
          <p className="text-sm text-gray-700">{localizeMessage(TWO_FACTOR_TEXT.setupStarted)}</p>
          <img src={setup.qrCode} width={240} height={240} alt={t('twoStep.qrAlt')} className="rounded-lg border border-gray-200" />
          <p className="text-sm text-gray-700">
            {t('twoStep.typeKey')}{' '}
            <code dir="ltr" className="break-all rounded bg-gray-100 px-1 font-mono">
              {setup.secret}
            </code>
          </p>
          {codeField}
          <button type="submit" className="btn-primary" disabled={busy || code.trim() === ''}>
            {t('twoStep.confirm')}
          </button>
        </form>
      )}
      {step === 'codes' && (
        <div className="mt-4">
          <p className="font-medium text-gray-900">{t('twoStep.codesIntro')}</p>
          <ul aria-label={t('twoStep.codesLabel')} dir="ltr" className="mt-3 grid max-w-md grid-cols-2 gap-2 font-mono text-sm">
            {codes.map((c) => (
              <li key={c} className="rounded bg-gray-100 px-2 py-1">
                {c}
              </li>
            ))}
          </ul>
          <button type="button" className="btn-secondary mt-4" onClick={() => setStep('on')}>
            {t('twoStep.saved')}
          </button>
        </div>
      )}
      {step === 'on' && (
        <form onSubmit={disable} className="mt-4 space-y-4">
          <p className="font-medium text-brand-900">{t('twoStep.isOn')}</p>
          {codeField}
          <button type="submit" className="btn-secondary" disabled={busy || code.trim() === ''}>
            {t('twoStep.turnOff')}
          </button>
        </form>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {localizeMessage(problem)}
        </p>
      )}
    </section>
  );
}
