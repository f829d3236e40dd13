/**
 * Settings, 'Pages' (issue 43, item 3): the owner writes the home page's hero, the About page and
 * the privacy and terms pages, per language. The form opens with the texts the page shows (the
 * original ones until saved); a field left empty reads as the original; 'Restore the original'
 * drops what was saved in that language.
 */
import {
  API,
  LANGUAGES,
  LANGUAGE_INFO,
  OWNER_PAGES,
  PAGES_API,
  type AboutTexts,
  type ApiResult,
  type GalleryImage,
  type GalleryResponse,
  type Language,
  type OwnerPage,
  type OwnerPageData,
  type OwnerPageTexts,
} from '@agro/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { FileTextIcon } from '@/components/ui/icons';
import { LoadFailed, Loading } from '@/components/ui/load-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, request, withToast } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; page: OwnerPageData };

const PAGE_LABELS: Record<OwnerPage, () => string> = {
  home: () => t('ownerPages.home'),
  about: () => t('ownerPages.about'),
  privacy: () => t('ownerPages.privacy'),
  terms: () => t('ownerPages.terms'),
};

/** The fields of each page: the key, its label, and whether it takes several lines (or Markdown). */
type FieldKind = 'line' | 'text' | 'markdown';
const FIELDS: { [P in OwnerPage]: Array<[Exclude<keyof OwnerPageTexts[P], 'values' | 'founderPhoto'>, FieldKind]> } = {
  home: [
    ['heroEyebrow', 'line'],
    ['heroTitle', 'line'],
    ['heroTagline', 'line'],
    ['heroText', 'text'],
  ],
  about: [
    ['title', 'line'],
    ['intro', 'text'],
    ['storyHeading', 'line'],
    ['story', 'markdown'],
    ['mission', 'text'],
    ['vision', 'text'],
    ['founderName', 'line'],
    ['founderRole', 'line'],
    ['founderMessage', 'text'],
  ],
  privacy: [['body', 'markdown']],
  terms: [['body', 'markdown']],
};
const fieldLabel = (field: string): string => t(`ownerPages.field.${field}` as 'ownerPages.field.title');

const inputClass = 'w-full rounded-md border border-gray-300 px-3 py-2 text-sm';

export function OwnerPagesSection() {
  const [page, setPage] = useState<OwnerPage>('about');
  const [language, setLanguage] = useState<Language>('en');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [texts, setTexts] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [photos, setPhotos] = useState<GalleryImage[]>([]);

  const fetchPage = useCallback(async () => {
    setLoad({ state: 'loading' });
    setError(null);
    try {
      const answer = await request<ApiResult & { page: OwnerPageData }>('GET', `${PAGES_API.ownerPage(page)}?lang=${language}`);
      setLoad({ state: 'ready', page: answer.page });
      setTexts({ ...answer.page.texts });
    } catch {
      setLoad({ state: 'error' });
    }
  }, [page, language]);
  useEffect(() => void fetchPage(), [fetchPage]);

  useEffect(() => {
    if (page !== 'about' || photos.length) return;
    void request<GalleryResponse>('GET', API.gallery)
      .then((answer) => setPhotos(answer.galleryImages.flatMap((group) => group.galleryImages)))
      .catch(() => undefined);
  }, [page, photos.length]);

  const set = (field: string, value: unknown) => setTexts((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await withToast(
        () => request<ApiResult & { page: OwnerPageData }>('PUT', PAGES_API.saveOwnerPage(page), { language, texts }),
        { loading: t('ownerPages.saving'), success: t('ownerPages.saved'), error: t('ownerPages.saveError') },
      );
      setLoad({ state: 'ready', page: answer.page });
      setTexts({ ...answer.page.texts });
    } catch (e) {
      // What was typed stays; the server's reason shows beside the button.
      setError(e instanceof ApiError && e.serverMessage ? localizeMessage(e.serverMessage) : t('ownerPages.saveError'));
    } finally {
      setBusy(false);
    }
  }

  async function restore() {
    setBusy(true);
    try {
      const answer = await withToast(
        () => request<ApiResult & { page: OwnerPageData }>('DELETE', `${PAGES_API.restoreOwnerPage(page)}?lang=${language}`),
        { loading: t('ownerPages.saving'), success: t('ownerPages.restored'), error: t('ownerPages.saveError') },
      );
      setLoad({ state: 'ready', page: answer.page });
      setTexts({ ...answer.page.texts });
    } catch {
      // The toast said so; the texts stay as they were.
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const values = (texts.values as AboutTexts['values'] | undefined) ?? [];
  const dir = LANGUAGE_INFO[language].dir;
  return (
    <FormSection title={t('ownerPages.title')} icon={<FileTextIcon />}>
      <p className="text-sm text-gray-600 sm:col-span-2">{t('ownerPages.intro')}</p>
      <Field label={t('ownerPages.page')}>
        <select className={inputClass} value={page} onChange={(e) => setPage(e.target.value as OwnerPage)}>
          {OWNER_PAGES.map((p) => (
            <option key={p} value={p}>
              {PAGE_LABELS[p]()}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('ownerPages.language')}>
        <select className={inputClass} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={LANGUAGE_INFO[l].tag}>
              {LANGUAGE_INFO[l].nativeName}
            </option>
          ))}
        </select>
      </Field>
      {load.state === 'loading' && <Loading label={t('ownerPages.loading')} className="sm:col-span-2" />}
      {load.state === 'error' && (
        <LoadFailed
          message={t('ownerPages.loadError')}
          retryLabel={t('ownerPages.retry')}
          onRetry={() => void fetchPage()}
          className="sm:col-span-2"
        />
      )}
      {load.state === 'ready' && (
        <form
          className="grid gap-4 sm:col-span-2"
          onSubmit={(e) => void save(e)}
          aria-label={t('ownerPages.formLabel', { page: PAGE_LABELS[page](), language: LANGUAGE_INFO[language].nativeName })}
        >
          <p className="text-sm text-gray-700" role="status">
            {load.page.updatedAt ? t('ownerPages.updated', { time: formatDateTime(load.page.updatedAt) }) : t('ownerPages.original')}
          </p>
          {(FIELDS[page] as Array<[string, FieldKind]>).map(([field, kind]) => (
            <Field key={field} label={fieldLabel(field)} hint={kind === 'markdown' ? t('ownerPages.markdownHint') : undefined}>
              {kind === 'line' ? (
                <input className={inputClass} dir={dir} value={String(texts[field] ?? '')} onChange={(e) => set(field, e.target.value)} />
              ) : (
                <textarea
                  className={`${inputClass} ${kind === 'markdown' ? 'font-mono' : ''}`}
                  dir={dir}
                  rows={kind === 'markdown' ? (page === 'about' ? 10 : 18) : 4}
                  value={String(texts[field] ?? '')}
                  onChange={(e) => set(field, e.target.value)}
                />
              )}
            </Field>
          ))}
          {page === 'about' && (
            <>
              <fieldset className="grid gap-3 rounded-md border border-gray-200 p-3">
                <legend className="px-1 text-sm font-medium text-gray-800">{t('ownerPages.values')}</legend>
                {values.map((value, i) => (
                  <div key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                    <Field label={t('ownerPages.valueTitle', { n: i + 1 })}>
                      <input
                        className={inputClass}
                        dir={dir}
                        value={value.title}
                        onChange={(e) =>
                          set(
                            'values',
                            values.map((v, j) => (j === i ? { ...v, title: e.target.value } : v)),
                          )
                        }
                      />
                    </Field>
                    <Field label={t('ownerPages.valueText', { n: i + 1 })}>
                      <input
                        className={inputClass}
                        dir={dir}
                        value={value.text}
                        onChange={(e) =>
                          set(
                            'values',
                            values.map((v, j) => (j === i ? { ...v, text: e.target.value } : v)),
                          )
                        }
                      />
                    </Field>
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() =>
                        set(
                          'values',
                          values.filter((_, j) => j !== i),
                        )
                      }
                    >
                      {t('ownerPages.removeValue', { n: i + 1 })}
                    </button>
                  </div>
                ))}
                {values.length < 6 && (
                  <button
                    type="button"
                    className="btn-secondary justify-self-start"
                    onClick={() => set('values', [...values, { title: '', text: '' }])}
                  >
                    {t('ownerPages.addValue')}
                  </button>
                )}
              </fieldset>
              <Field label={t('ownerPages.field.founderPhoto')} hint={t('ownerPages.photoHint')}>
                <select
                  className={inputClass}
                  value={String(texts.founderPhoto ?? '')}
                  onChange={(e) => set('founderPhoto', e.target.value)}
                >
                  <option value="">{t('ownerPages.noPhoto')}</option>
                  {photos.map((photo, i) => (
                    <option key={photo._id} value={photoPath(photo)}>
                      {t('ownerPages.galleryImage', { n: i + 1 })}
                    </option>
                  ))}
                </select>
              </Field>
              {typeof texts.founderPhoto === 'string' && texts.founderPhoto && (
                <img src={texts.founderPhoto} alt={t('ownerPages.photoPreview')} className="h-24 w-24 rounded-full object-cover" />
              )}
            </>
          )}
          {error && (
            <p className="text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && <Spinner />} {t('ownerPages.save')}
            </button>
            {load.page.updatedAt && (
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => setConfirming(true)}>
                {t('ownerPages.restore')}
              </button>
            )}
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        message={t('ownerPages.restoreConfirm', { page: PAGE_LABELS[page](), language: LANGUAGE_INFO[language].nativeName })}
        confirmLabel={t('ownerPages.restore')}
        cancelLabel={t('ownerPages.cancel')}
        onConfirm={() => void restore()}
        onCancel={() => setConfirming(false)}
        busy={busy}
        danger
      />
    </FormSection>
  );
}

/** A gallery image's address on the site (/uploads/...), what the page stores. */
function photoPath(image: GalleryImage): string {
  try {
    return new URL(image.secure_url, window.location.origin).pathname;
  } catch {
    return image.secure_url;
  }
}
