import { IMAGE_FORMAT_NAMES, LIMITS, UI_TEXT } from '@agro/shared';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useAppDispatch } from '@/store/store';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { CloseIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { uploadImages } from '@/store/gallery-slice';
import { checkImageFiles, formatSize } from './image-files';
import { formatNumber } from '@/lib/format';
import { localizeMessage, t } from '@/lib/i18n';

interface Chosen {
  key: string;
  file: File;
  url: string;
}

interface AddImagesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after a successful upload (the page reloads the gallery). */
  onUploaded: () => void;
}

let nextKey = 0;

/** Admin: pick several images, preview them, remove some, upload with a progress bar. */
export function AddImagesDialog({ open, onClose, onUploaded }: AddImagesDialogProps) {
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const chosenRef = useRef<Chosen[]>([]);
  useEffect(() => {
    chosenRef.current = chosen;
  }, [chosen]);
  const uploading = progress !== null;
  const uploadButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);

  // "Cancel upload" goes away with the upload: focus moves to Upload, enabled again (the files stay chosen).
  useEffect(() => {
    if (!refocus || uploading) return;
    uploadButton.current?.focus();
    setRefocus(false);
  }, [refocus, uploading]);

  // Object URLs hold the file in memory until revoked: free whatever is left when the page goes.
  useEffect(() => () => chosenRef.current.forEach((c) => URL.revokeObjectURL(c.url)), []);

  const reset = () => {
    chosen.forEach((c) => URL.revokeObjectURL(c.url));
    setChosen([]);
    setProblems([]);
    setProgress(null);
  };

  const close = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const { accepted, problems: found } = checkImageFiles(Array.from(e.target.files ?? []), chosen.length);
    setProblems(found);
    setChosen((list) => [...list, ...accepted.map((file) => ({ key: `img-${nextKey++}`, file, url: URL.createObjectURL(file) }))]);
    // Clear the input so the same file can be picked again after being removed.
    e.target.value = '';
  };

  const remove = (key: string) => {
    setChosen((list) => {
      const gone = list.find((c) => c.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((c) => c.key !== key);
    });
    inputRef.current?.focus();
  };

  const upload = async () => {
    if (chosen.length === 0) return;
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      await dispatch(uploadImages({ files: chosen.map((c) => c.file), onProgress: setProgress, signal: controller.signal })).unwrap();
      setProgress(null);
      reset();
      onClose();
      onUploaded();
    } catch {
      // The toast has the reason (or says the upload was cancelled); keep the chosen files so the
      // person can retry or adjust.
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('galleryAdmin.title')}
      onClose={close}
      size="lg"
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={uploading}>
            {t('galleryAdmin.cancel')}
          </button>
          <button
            ref={uploadButton}
            type="button"
            className="btn-primary"
            onClick={() => void upload()}
            disabled={chosen.length === 0 || uploading}
          >
            {t('galleryAdmin.upload')}
          </button>
        </>
      }
    >
      <Field
        label={t('galleryAdmin.choose')}
        hint={t('galleryAdmin.hint', {
          formats: IMAGE_FORMAT_NAMES.join(', '),
          files: LIMITS.imagesPerRequest,
          mb: LIMITS.imageMaxBytes / 1024 / 1024,
        })}
      >
        <input
          ref={inputRef}
          type="file"
          multiple
          accept="image/*"
          onChange={onPick}
          disabled={uploading}
          className="block w-full cursor-pointer rounded-lg border border-dashed border-brand-700 bg-brand-50 p-4 text-sm text-gray-800 file:me-4 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-800 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-brand-900"
        />
      </Field>

      {problems.length > 0 && (
        // The alert around the list: a list with role="alert" is no list to a screen reader (axe: aria-allowed-role, listitem).
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <ul className="space-y-1">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      {chosen.length > 0 && (
        <>
          <p className="mt-4 text-sm font-medium text-gray-800" aria-live="polite">
            {t('galleryAdmin.selectedCount', { count: chosen.length, n: formatNumber(chosen.length) })}
          </p>
          <ul className="mt-2 grid max-h-72 grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-4" aria-label={t('galleryAdmin.selected')}>
            {chosen.map((c) => (
              <li key={c.key} className="relative overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
                <img
                  src={c.url}
                  alt={t('galleryAdmin.preview', { name: c.file.name })}
                  width={160}
                  height={120}
                  className="h-24 w-full object-cover"
                />
                <p className="truncate px-2 py-1 text-xs text-gray-700" title={c.file.name}>
                  {c.file.name} <span className="text-gray-500">({formatSize(c.file.size)})</span>
                </p>
                <button
                  type="button"
                  onClick={() => remove(c.key)}
                  disabled={uploading}
                  aria-label={t('galleryAdmin.remove', { name: c.file.name })}
                  className="absolute right-1 top-1 rounded-full bg-white/90 p-1 text-gray-800 shadow hover:bg-white hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}

      {uploading && (
        <div className="mt-4 flex items-center gap-3">
          <ProgressBar value={progress} label={t('galleryAdmin.progress')} />
          <button
            type="button"
            className="btn-secondary shrink-0 py-1.5 text-sm"
            onClick={() => {
              setRefocus(true);
              abortRef.current?.abort();
            }}
          >
            {localizeMessage(UI_TEXT.cancelUpload)}
          </button>
        </div>
      )}
    </Dialog>
  );
}
