import { LIMITS } from '@agro/shared';
import { t } from '@/lib/i18n';

const MB = 1024 * 1024;

export interface FileCheck {
  accepted: File[];
  problems: string[];
}

/**
 * The client-side check before an upload (the server checks again, by content): images only,
 * each at most LIMITS.imageMaxBytes, at most LIMITS.imagesPerRequest in one upload. Its words are
 * the administrators' texts (galleryAdmin), in the page's language.
 */
export function checkImageFiles(incoming: File[], alreadyChosen: number): FileCheck {
  const problems: string[] = [];
  const accepted: File[] = [];
  for (const file of incoming) {
    if (!file.type.startsWith('image/')) problems.push(t('galleryAdmin.notImage', { name: file.name }));
    else if (file.size > LIMITS.imageMaxBytes)
      problems.push(t('galleryAdmin.tooLarge', { name: file.name, mb: LIMITS.imageMaxBytes / MB }));
    else accepted.push(file);
  }
  const room = Math.max(0, LIMITS.imagesPerRequest - alreadyChosen);
  if (accepted.length > room) {
    problems.push(t('galleryAdmin.tooMany', { max: LIMITS.imagesPerRequest, n: accepted.length - room }));
    accepted.splice(room);
  }
  return { accepted, problems };
}

export function formatSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
