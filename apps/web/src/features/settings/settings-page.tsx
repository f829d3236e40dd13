import {
  API,
  CONTENT_LANGUAGES,
  LANGUAGE_INFO,
  followFaq,
  missingFaqEntries,
  SETTINGS_TEXT,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  WEEKDAYS,
  ASSIGNMENT_MODES,
  SAMPLE_SETTING_BOUNDS,
  sampleLimits,
  type AssignmentMode,
  type SiteSettings,
} from '@agro/shared';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useAdministrators } from '@/components/leads/use-administrators';
import { useHeldProducts } from '@/components/products/use-held-products';
import { Link } from 'react-router';
import { useAppDispatch } from '@/store/store';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import {
  AwardIcon,
  BuildingIcon,
  ClockIcon,
  FileTextIcon,
  GlobeIcon,
  KeyIcon,
  MessageIcon,
  PackageIcon,
  PhoneIcon,
} from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { Tabs } from '@/components/ui/tabs';
import { FaqTranslationFields } from '@/components/content-translations/faq-translations';
import { MissingMark } from '@/components/content-translations/missing-mark';
import { localizeMessage, t } from '@/lib/i18n';
import { ApiError, errorMessage, request, withToast } from '@/lib/api';
import { siteSettingsSaved } from '@/store/settings-slice';
import { useDocumentTitle } from '@/lib/use-document-title';
import { WebhooksSection } from './webhooks-section';
import { OwnerPagesSection } from './owner-pages-section';

/** The whole settings, and (read-only, computed) the public 'Usually replies within N hours' figure. */
type EditedSettings = SiteSettings & { replyTimeHours?: number | null };
type SettingsAnswer = { success: boolean; message: string; settings: EditedSettings };

const grid = 'grid gap-5 sm:grid-cols-2';

/** A list entry's move and remove buttons, named after the entry. */
function ListButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
        aria-label={t('settings.moveUp', { name })}
      >
        {t('settings.up')}
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
        aria-label={t('settings.moveDown', { name })}
      >
        {t('settings.down')}
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm text-red-700"
        onClick={onRemove}
        aria-label={t('settings.removeLabel', { name })}
      >
        {t('settings.remove')}
      </button>
    </div>
  );
}

const indexes = (list: readonly unknown[]): number[] => list.map((_, i) => i);

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <FormSection title={title} icon={icon}>
      {children}
    </FormSection>
  );
}

/**
 * /settings (ADMIN): the company's details as the site shows them (issue 26). Saved with one
 * PATCH of everything on the form; the server checks each field and answers the first problem,
 * shown beside the Save button and in the toast.
 */
export default function SettingsPage() {
  useDocumentTitle(t('settings.title'));
  const dispatch = useAppDispatch();
  const [settings, setSettings] = useState<EditedSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The assignment rule names administrators and products.
  const admins = useAdministrators(SETTINGS_TEXT.loadError).admins ?? [];
  const products = useHeldProducts(true);

  useEffect(() => {
    request<SettingsAnswer>('GET', API.settings).then(
      (r) => setSettings(r.settings),
      (e: unknown) => setLoadError(errorMessage(e, SETTINGS_TEXT.loadError)),
    );
  }, []);

  if (!settings) {
    return (
      <>
        <PageHero eyebrow={t('settings.eyebrow')} title={t('settings.title')} />
        <div className="mx-auto max-w-5xl px-4 py-10">
          {loadError ? (
            <p role="alert">{localizeMessage(loadError)}</p>
          ) : (
            <p role="status" className="text-gray-700">
              {t('settings.loading')}
            </p>
          )}
        </div>
      </>
    );
  }

  const set = <K extends keyof EditedSettings>(key: K, value: EditedSettings[K]) => setSettings({ ...settings, [key]: value });
  // The FAQ moved or shortened: each language's translations follow their English entry.
  const reorderFaq = (from: number[]) =>
    setSettings({
      ...settings,
      faq: from.map((j) => settings.faq[j]!),
      faqTranslations: followFaq(settings.faqTranslations, from),
    });
  // In the direction of what it holds (dir=auto): a phone, an address or a bank's name in Latin letters stays whole on an Arabic page.
  const text = (value: string, onChange: (v: string) => void, type = 'text', extra: Record<string, string> = {}) => (
    <input className="input" type={type} dir="auto" value={value} onChange={(e) => onChange(e.target.value)} {...extra} />
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const answer = await withToast(() => request<SettingsAnswer>('PATCH', API.updateSettings, settings), {
        loading: SETTINGS_TEXT.saving,
        success: SETTINGS_TEXT.saved,
        error: SETTINGS_TEXT.saveError,
      });
      setSettings(answer.settings);
      dispatch(siteSettingsSaved(answer.settings));
    } catch (e) {
      setProblem(e instanceof ApiError ? (e.serverMessage ?? SETTINGS_TEXT.saveError) : SETTINGS_TEXT.saveError);
    } finally {
      setSaving(false);
    }
  };

  const { address, businessHours, quotationDefaults, registrations, bankDetails, assignment, reminders } = settings;
  const setRules = (rules: typeof assignment.rules) => set('assignment', { ...assignment, rules });
  const whole = (key: keyof typeof reminders, max: number) => (
    <input
      className="input"
      type="number"
      inputMode="numeric"
      min="0"
      max={String(max)}
      step="1"
      value={String(reminders[key])}
      onChange={(e) => set('reminders', { ...reminders, [key]: e.target.value === '' ? 0 : Number(e.target.value) })}
    />
  );

  return (
    <>
      <PageHero eyebrow={t('settings.eyebrow')} title={t('settings.title')}>
        {t('settings.intro')}
      </PageHero>
      <nav aria-label={t('settings.eyebrow')} className="mx-auto flex max-w-5xl gap-4 px-4 pt-6 text-sm">
        <Link to="/team" className="font-medium text-brand-800 underline underline-offset-2">
          {t('settings.team')}
        </Link>
        <Link to="/audit" className="font-medium text-brand-800 underline underline-offset-2">
          {t('settings.audit')}
        </Link>
      </nav>
      <form className="mx-auto max-w-5xl space-y-8 px-4 py-10" onSubmit={save} noValidate>
        <Section title={t('settings.contact')} icon={<PhoneIcon />}>
          <div className={grid}>
            <Field label={t('settings.publicPhone')} hint={t('settings.publicPhoneHint')} required>
              {text(settings.phone, (v) => set('phone', v), 'tel', { autoComplete: 'off' })}
            </Field>
            <Field label={t('settings.whatsapp')} hint={t('settings.whatsappHint')}>
              {text(settings.whatsapp, (v) => set('whatsapp', v), 'tel', { autoComplete: 'off' })}
            </Field>
            <Field label={t('settings.publicEmail')} required>
              {text(settings.publicEmail, (v) => set('publicEmail', v), 'email')}
            </Field>
            <Field label={t('settings.notificationEmail')} hint={t('settings.notificationHint')} required>
              {text(settings.notificationEmail, (v) => set('notificationEmail', v), 'email')}
            </Field>
          </div>
        </Section>

        <Section title={t('settings.postal')} icon={<BuildingIcon />}>
          <div className={grid}>
            <Field label={t('settings.street')} required className="sm:col-span-2">
              {text(address.line1, (v) => set('address', { ...address, line1: v }))}
            </Field>
            <Field label={t('settings.city')} required>
              {text(address.city, (v) => set('address', { ...address, city: v }))}
            </Field>
            <Field label={t('settings.state')}>{text(address.state, (v) => set('address', { ...address, state: v }))}</Field>
            <Field label={t('settings.postalCode')}>{text(address.postalCode, (v) => set('address', { ...address, postalCode: v }))}</Field>
            <Field label={t('settings.country')} required>
              {text(address.country, (v) => set('address', { ...address, country: v }))}
            </Field>
          </div>
        </Section>

        <Section title={t('settings.hours')} icon={<ClockIcon />}>
          <Field label={t('settings.timeZone')} hint={t('settings.timeZoneHint')} className="max-w-sm">
            {text(businessHours.timeZone, (v) => set('businessHours', { ...businessHours, timeZone: v }))}
          </Field>
          <fieldset className="mt-6">
            <legend className="text-sm font-medium text-gray-800">{t('settings.openingHours')}</legend>
            <ul className="mt-3 divide-y divide-gray-100">
              {WEEKDAYS.map((day) => {
                const hours = businessHours.days[day];
                const label = t(`hours.${day}`);
                const setDay = (value: (typeof businessHours.days)[typeof day]) =>
                  set('businessHours', { ...businessHours, days: { ...businessHours.days, [day]: value } });
                return (
                  <li key={day} className="flex flex-wrap items-end gap-4 py-3">
                    <span className="w-28 font-medium text-gray-900">{label}</span>
                    <CheckboxField
                      label={t('settings.dayClosed', { day: label })}
                      checked={hours === null}
                      onChange={(e) => setDay(e.target.checked ? null : { open: '09:00', close: '18:00' })}
                    />
                    {hours && (
                      <>
                        <Field label={t('settings.dayOpens', { day: label })}>
                          {text(hours.open, (v) => setDay({ ...hours, open: v }), 'time')}
                        </Field>
                        <Field label={t('settings.dayCloses', { day: label })}>
                          {text(hours.close, (v) => setDay({ ...hours, close: v }), 'time')}
                        </Field>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </Section>

        <Section title={t('settings.social')} icon={<GlobeIcon />}>
          <p className="mb-4 text-sm text-gray-600">{t('settings.socialHint')}</p>
          <div className={grid}>
            {SOCIAL_NETWORKS.map((network) => (
              <Field key={network} label={SOCIAL_LABELS[network]}>
                {text(settings.socialLinks[network], (v) => set('socialLinks', { ...settings.socialLinks, [network]: v }), 'url', {
                  placeholder: 'https://',
                })}
              </Field>
            ))}
          </div>
        </Section>

        <Section title={t('settings.faq')} icon={<MessageIcon />}>
          <Tabs
            label={t('settings.faqTabs', { tabs: t('contentTranslations.tabs') })}
            tabs={[
              {
                key: 'en',
                label: LANGUAGE_INFO.en.nativeName,
                lang: 'en',
                content: (
                  <>
                    <ol className="space-y-6">
                      {settings.faq.map((item, i) => {
                        const update = (next: Partial<typeof item>) =>
                          set(
                            'faq',
                            settings.faq.map((f, j) => (j === i ? { ...f, ...next } : f)),
                          );
                        return (
                          <li key={i} className="space-y-3 rounded-xl border border-gray-200 p-4">
                            <Field label={t('settings.question', { n: i + 1 })}>
                              {text(item.question, (v) => update({ question: v }))}
                            </Field>
                            <Field label={t('settings.answer', { n: i + 1 })}>
                              <textarea
                                className="input min-h-20"
                                value={item.answer}
                                onChange={(e) => update({ answer: e.target.value })}
                              />
                            </Field>
                            <ListButtons
                              name={t('settings.questionName', { n: i + 1 })}
                              index={i}
                              count={settings.faq.length}
                              onMove={(to) => reorderFaq(moved(indexes(settings.faq), i, to))}
                              onRemove={() => reorderFaq(indexes(settings.faq).filter((j) => j !== i))}
                            />
                          </li>
                        );
                      })}
                    </ol>
                    <button
                      type="button"
                      className="btn-secondary mt-4 px-4 py-2"
                      onClick={() => set('faq', [...settings.faq, { question: '', answer: '' }])}
                    >
                      {t('settings.addQuestion')}
                    </button>
                  </>
                ),
              },
              ...CONTENT_LANGUAGES.map((language) => ({
                key: language,
                label: LANGUAGE_INFO[language].nativeName,
                lang: LANGUAGE_INFO[language].tag,
                mark: missingFaqEntries(settings.faq, settings.faqTranslations, language).length ? <MissingMark /> : undefined,
                content: (
                  <FaqTranslationFields
                    language={language}
                    faq={settings.faq}
                    translations={settings.faqTranslations ?? {}}
                    onChange={(next) => set('faqTranslations', next)}
                  />
                ),
              })),
            ]}
          />
        </Section>

        <Section title={t('settings.certifications')} icon={<AwardIcon />}>
          <p className="mb-4 text-sm text-gray-600">{t('settings.certificationsHint')}</p>
          <ol className="space-y-6">
            {settings.certifications.map((c, i) => {
              const update = (next: Partial<typeof c>) =>
                set(
                  'certifications',
                  settings.certifications.map((x, j) => (j === i ? { ...x, ...next } : x)),
                );
              return (
                <li key={i} className="rounded-xl border border-gray-200 p-4">
                  <div className={grid}>
                    <Field label={t('settings.certName', { n: i + 1 })}>{text(c.name, (v) => update({ name: v }))}</Field>
                    <Field label={t('settings.certNumber', { n: i + 1 })}>{text(c.number, (v) => update({ number: v }))}</Field>
                    <Field label={t('settings.certIssuer', { n: i + 1 })}>{text(c.issuer, (v) => update({ issuer: v }))}</Field>
                    <Field label={t('settings.certValid', { n: i + 1 })}>
                      {text(c.validUntil, (v) => update({ validUntil: v }), 'date')}
                    </Field>
                  </div>
                  <div className="mt-3">
                    <ListButtons
                      name={t('settings.certificationName', { n: i + 1 })}
                      index={i}
                      count={settings.certifications.length}
                      onMove={(to) => set('certifications', moved(settings.certifications, i, to))}
                      onRemove={() =>
                        set(
                          'certifications',
                          settings.certifications.filter((_, j) => j !== i),
                        )
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="btn-secondary mt-4 px-4 py-2"
            onClick={() => set('certifications', [...settings.certifications, { name: '', number: '', issuer: '', validUntil: '' }])}
          >
            {t('settings.addCertification')}
          </button>
        </Section>

        <Section title={t('settings.quotations')} icon={<FileTextIcon />}>
          <p className="mb-4 text-sm text-gray-600">{t('settings.quotationsHint')}</p>
          <div className={grid}>
            <Field label={t('settings.portOfLoading')}>
              {text(quotationDefaults.portOfLoading, (v) => set('quotationDefaults', { ...quotationDefaults, portOfLoading: v }))}
            </Field>
            <Field label={t('settings.paymentTerms')}>
              {text(quotationDefaults.paymentTerms, (v) => set('quotationDefaults', { ...quotationDefaults, paymentTerms: v }))}
            </Field>
            <Field label={t('settings.validity')}>
              {text(
                String(quotationDefaults.validityDays),
                (v) => set('quotationDefaults', { ...quotationDefaults, validityDays: Number(v) }),
                'number',
                {
                  min: '1',
                  max: '365',
                },
              )}
            </Field>
            <Field label={t('settings.leadTime')}>
              {text(
                String(quotationDefaults.leadTimeDays),
                (v) => set('quotationDefaults', { ...quotationDefaults, leadTimeDays: Number(v) }),
                'number',
                {
                  min: '1',
                  max: '365',
                },
              )}
            </Field>
            <Field label="IEC">{text(registrations.iec, (v) => set('registrations', { ...registrations, iec: v }))}</Field>
            <Field label="GSTIN">{text(registrations.gstin, (v) => set('registrations', { ...registrations, gstin: v }))}</Field>
            <Field label="APEDA RCMC">
              {text(registrations.apedaRcmc, (v) => set('registrations', { ...registrations, apedaRcmc: v }))}
            </Field>
            <Field label={t('settings.fssai')}>
              {text(registrations.fssaiLicence, (v) => set('registrations', { ...registrations, fssaiLicence: v }))}
            </Field>
          </div>
          <fieldset className="mt-6">
            <legend className="text-sm font-medium text-gray-800">{t('settings.bank')}</legend>
            <div className={`${grid} mt-3`}>
              <Field label={t('settings.beneficiary')}>
                {text(bankDetails.accountName, (v) => set('bankDetails', { ...bankDetails, accountName: v }))}
              </Field>
              <Field label={t('settings.bankName')}>
                {text(bankDetails.bankName, (v) => set('bankDetails', { ...bankDetails, bankName: v }))}
              </Field>
              <Field label={t('settings.branch')}>
                {text(bankDetails.branch, (v) => set('bankDetails', { ...bankDetails, branch: v }))}
              </Field>
              <Field label={t('settings.account')}>
                {text(bankDetails.accountNumber, (v) => set('bankDetails', { ...bankDetails, accountNumber: v }))}
              </Field>
              <Field label="IFSC">{text(bankDetails.ifsc, (v) => set('bankDetails', { ...bankDetails, ifsc: v }))}</Field>
              <Field label="SWIFT">{text(bankDetails.swift, (v) => set('bankDetails', { ...bankDetails, swift: v }))}</Field>
            </div>
          </fieldset>
        </Section>

        <Section title={t('settings.replies')} icon={<ClockIcon />}>
          <p className="mb-4 text-sm text-gray-600">{t('settings.repliesHint')}</p>
          <Field label={t('settings.assignmentMode')} className="max-w-md">
            <select
              className="input"
              value={assignment.mode}
              onChange={(e) => set('assignment', { ...assignment, mode: e.target.value as AssignmentMode })}
            >
              {ASSIGNMENT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`settings.assignmentModes.${mode}`)}
                </option>
              ))}
            </select>
          </Field>
          {assignment.mode === 'RULES' && (
            <fieldset className="mt-6">
              <legend className="text-sm font-medium text-gray-800">{t('settings.rules')}</legend>
              <p className="mt-1 text-sm text-gray-600">{t('settings.rulesHint')}</p>
              {assignment.rules.length === 0 && <p className="mt-3 text-sm text-gray-700">{t('settings.noRules')}</p>}
              <ol className="mt-3 space-y-4">
                {assignment.rules.map((rule, i) => {
                  const update = (next: Partial<typeof rule>) =>
                    setRules(assignment.rules.map((r, j) => (j === i ? { ...r, ...next } : r)));
                  const n = i + 1;
                  return (
                    <li key={i} className="rounded-xl border border-gray-200 p-4">
                      <div className="grid gap-5 sm:grid-cols-3">
                        <Field label={t('settings.ruleCountry', { n })} hint={t('settings.ruleAny')}>
                          {text(rule.country ?? '', (v) => update({ country: v }))}
                        </Field>
                        <Field label={t('settings.ruleProduct', { n })}>
                          <select className="input" value={rule.productId ?? ''} onChange={(e) => update({ productId: e.target.value })}>
                            <option value="">{t('settings.anyProduct')}</option>
                            {products.map((p) => (
                              <option key={p._id} value={p._id}>
                                {p.productName}
                              </option>
                            ))}
                          </select>
                        </Field>
                        <Field label={t('settings.ruleOwner', { n })} required>
                          <select className="input" value={rule.assigneeId} onChange={(e) => update({ assigneeId: e.target.value })}>
                            <option value="" disabled>
                              {t('settings.chooseOwner')}
                            </option>
                            {admins.map((a) => (
                              <option key={a._id} value={a._id}>
                                {a.fullName}
                              </option>
                            ))}
                          </select>
                        </Field>
                      </div>
                      <div className="mt-3">
                        <ListButtons
                          name={t('settings.ruleName', { n })}
                          index={i}
                          count={assignment.rules.length}
                          onMove={(to) => setRules(moved(assignment.rules, i, to))}
                          onRemove={() => setRules(assignment.rules.filter((_, j) => j !== i))}
                        />
                      </div>
                    </li>
                  );
                })}
              </ol>
              <button
                type="button"
                className="btn-secondary mt-4 px-4 py-2"
                onClick={() => setRules([...assignment.rules, { country: '', productId: '', assigneeId: admins[0]?._id ?? '' }])}
              >
                {t('settings.addRule')}
              </button>
            </fieldset>
          )}
          <fieldset className="mt-6">
            <legend className="text-sm font-medium text-gray-800">{t('settings.reminders')}</legend>
            <div className={`${grid} mt-3`}>
              <Field label={t('settings.leadDueHoursBefore')} hint={t('settings.zeroOff')}>
                {whole('leadDueHoursBefore', 23)}
              </Field>
              <Field label={t('settings.digestHour')} hint={t('settings.digestHourHint', { zone: businessHours.timeZone })}>
                {whole('digestHour', 23)}
              </Field>
              <Field label={t('settings.buyerOfferExpiryDays')} hint={t('settings.zeroOff')}>
                {whole('buyerOfferExpiryDays', 30)}
              </Field>
              <Field label={t('settings.buyerUnansweredOfferDays')} hint={t('settings.zeroOff')}>
                {whole('buyerUnansweredOfferDays', 90)}
              </Field>
            </div>
          </fieldset>
          <div className="mt-6">
            <CheckboxField
              label={t('settings.showReplyTime')}
              checked={settings.showReplyTime}
              onChange={(e) => set('showReplyTime', e.target.checked)}
            />
            <p className="mt-1 text-sm text-gray-600">
              {settings.replyTimeHours == null
                ? t('settings.replyTimeNone')
                : t('settings.replyTimeNow', { count: settings.replyTimeHours })}
            </p>
          </div>
        </Section>

        <Section title={t('sampleRequests.settingsHeading')} icon={<PackageIcon />}>
          <p className="text-sm text-gray-600">{t('sampleRequests.settingsIntro')}</p>
          <div className={`${grid} mt-3`}>
            {(['maxProducts', 'maxGrams', 'maxPerMonth'] as const).map((key) => (
              <Field key={key} label={t(`sampleRequests.${key}`)}>
                <input
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={String(SAMPLE_SETTING_BOUNDS[key][0])}
                  max={String(SAMPLE_SETTING_BOUNDS[key][1])}
                  step="1"
                  value={String(sampleLimits(settings)[key])}
                  onChange={(e) => set('samples', { ...sampleLimits(settings), [key]: e.target.value === '' ? 0 : Number(e.target.value) })}
                />
              </Field>
            ))}
          </div>
        </Section>

        <Section title={t('settings.signIn')} icon={<KeyIcon />}>
          <CheckboxField
            label={t('settings.require2fa')}
            checked={settings.requireTwoFactorForAdmins}
            onChange={(e) => set('requireTwoFactorForAdmins', e.target.checked)}
          />
          <div className="mt-4 max-w-md">
            <Field label={t('settings.retentionYears')}>
              <input
                className="input"
                type="number"
                inputMode="numeric"
                min="1"
                max="30"
                step="1"
                value={String(settings.retentionYears)}
                onChange={(e) => set('retentionYears', e.target.value === '' ? 0 : Number(e.target.value))}
              />
            </Field>
          </div>
        </Section>

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary px-6 py-3" disabled={saving}>
            {saving ? t('settings.saving') : t('settings.save')}
          </button>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {localizeMessage(problem)}
            </p>
          )}
        </div>
      </form>
      <div className="mx-auto max-w-5xl px-4 pb-10">
        <OwnerPagesSection />
        <WebhooksSection />
      </div>
    </>
  );
}
