import type { GalleryImage } from '@agro/shared';
import { useEffect, useState } from 'react';
import { selectShownGallery, useAppDispatch, useAppSelector } from '@/store/store';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon, TrashIcon } from '@/components/ui/icons';
import { PageHero } from '@/components/ui/page-hero';
import { Pagination } from '@/components/ui/pagination';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddImagesDialog } from './add-images-dialog';
import { deleteAllImages, deleteImage, fetchGallery } from '@/store/gallery-slice';
import { Part } from '@/lib/hydrate-in-parts';
import { formatNumber } from '@/lib/format';
import { loadAdminTexts, loadAppTexts, t } from '@/lib/i18n';

const PAGE_SIZE = 24;
const TILE = 400;

type Confirm = { kind: 'one'; image: GalleryImage; n: number } | { kind: 'all' } | null;

function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const image = index === null ? undefined : images[index];
  const n = (index ?? 0) + 1;
  return (
    <Dialog
      open={index !== null && image !== undefined}
      title={t('gallery.imageOf', { n: formatNumber(n), total: formatNumber(images.length) })}
      onClose={onClose}
      size="lg"
    >
      {image && index !== null && (
        <div>
          <ResponsiveImage
            image={image}
            alt={t('gallery.alt', { n })}
            width={image.width ?? 1200}
            height={image.height ?? 900}
            intrinsic
            sizes="(min-width: 768px) 720px, 100vw"
            className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain"
          />
          <div className="mt-4 flex items-center justify-between gap-3">
            <button type="button" className="btn-secondary" onClick={() => onIndex(index - 1)} disabled={index === 0}>
              <ChevronLeftIcon size={16} /> {t('gallery.previous')}
            </button>
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t('gallery.close')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => onIndex(index + 1)} disabled={index === images.length - 1}>
              {t('gallery.next')} <ChevronRightIcon size={16} />
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

export default function GalleryPage() {
  useDocumentTitle(t('head.galleryName'));
  const dispatch = useAppDispatch();
  const images = useAppSelector(selectShownGallery);
  const isAdmin = useAppSelector((s) => s.auth.isLoggedIn && s.auth.role === 'ADMIN');
  // The add-images dialog speaks from the administrators' texts: loaded for an administrator only.
  const [adminTexts, setAdminTexts] = useState(false);
  useEffect(() => {
    // The administrator's controls: their texts and SPEC's messages (the upload's Cancel, its toasts).
    if (isAdmin) void Promise.all([loadAdminTexts(), loadAppTexts()]).then(() => setAdminTexts(true));
  }, [isAdmin]);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const reload = () => dispatch(fetchGallery()).finally(() => setLoading(false));

  useEffect(() => {
    setLoading(true);
    void dispatch(fetchGallery()).finally(() => setLoading(false));
  }, [dispatch]);

  const pageCount = Math.max(1, Math.ceil(images.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * PAGE_SIZE;
  const visible = images.slice(offset, offset + PAGE_SIZE);

  const onConfirm = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'one') await dispatch(deleteImage(confirm.image._id)).unwrap();
      else await dispatch(deleteAllImages()).unwrap();
      setConfirm(null);
      void reload();
    } catch {
      // The error toast says why; nothing changed, so just close the question.
      setConfirm(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHero eyebrow={t('gallery.eyebrow')} title={t('gallery.title')}>
        <p>{t('gallery.intro')}</p>
      </PageHero>

      <Part name="gallery:1">
        <section aria-labelledby="gallery-heading" className="mx-auto max-w-7xl px-4 py-12">
          <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <h2 id="gallery-heading" className="text-2xl font-bold text-brand-900">
              {`${t('gallery.photos')} `}
              {images.length > 0 && <span className="text-base font-medium text-gray-600">{`(${formatNumber(images.length)})`}</span>}
            </h2>
            {isAdmin && (
              <div className="flex flex-wrap gap-3">
                <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
                  {t('gallery.addImages')}
                </button>
                <button type="button" className="btn-danger" onClick={() => setConfirm({ kind: 'all' })} disabled={images.length === 0}>
                  <TrashIcon size={18} />
                  {t('gallery.deleteAll')}
                </button>
              </div>
            )}
          </div>

          {images.length === 0 ? (
            loading ? (
              <p role="status" className="p-12 text-center text-gray-600">
                {t('gallery.loading')}
              </p>
            ) : (
              <div className="rounded-2xl border border-dashed border-gray-300 p-12 text-center">
                <ImageIcon size={40} className="mx-auto text-gray-400" />
                <p className="mt-4 text-lg font-medium text-gray-800">{t('gallery.empty')}</p>
                {isAdmin && <p className="mt-1 text-gray-600">{t('gallery.emptyAdmin')}</p>}
              </div>
            )
          ) : (
            <>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" aria-label={t('gallery.images')}>
                {visible.map((img, i) => {
                  const n = offset + i + 1;
                  return (
                    <li key={img._id} className="group relative overflow-hidden rounded-xl bg-brand-50 shadow-sm ring-1 ring-gray-200">
                      <button
                        type="button"
                        className="block w-full focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-accent-400"
                        onClick={() => setViewing(n - 1)}
                        aria-label={t('gallery.view', { n })}
                      >
                        <ResponsiveImage
                          image={img}
                          alt={t('gallery.alt', { n })}
                          width={TILE}
                          height={TILE}
                          sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
                          loading={i < 8 ? 'eager' : 'lazy'}
                          className="aspect-square h-auto w-full object-cover transition-transform duration-500 group-hover:scale-105"
                        />
                      </button>
                      {isAdmin && (
                        <button
                          type="button"
                          aria-label={t('gallery.deleteImage', { n })}
                          onClick={() => setConfirm({ kind: 'one', image: img, n })}
                          className="absolute end-2 top-2 rounded-full bg-white/90 p-2 text-red-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-red-700"
                        >
                          <TrashIcon size={16} />
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
              <Pagination page={current} pageCount={pageCount} onChange={setPage} label={t('gallery.pages')} />
            </>
          )}
        </section>
      </Part>

      <Lightbox images={images} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />

      {isAdmin && (
        <>
          {adminTexts && <AddImagesDialog open={adding} onClose={() => setAdding(false)} onUploaded={() => void reload()} />}
          <ConfirmDialog
            open={confirm !== null}
            message={confirm?.kind === 'all' ? t('gallery.deleteAllConfirm') : t('gallery.deleteConfirm')}
            confirmLabel={t('gallery.delete')}
            cancelLabel={t('nav.cancel')}
            danger
            busy={busy}
            onConfirm={() => void onConfirm()}
            onCancel={() => setConfirm(null)}
          />
        </>
      )}
    </>
  );
}
