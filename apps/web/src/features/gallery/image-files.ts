import { LIMITS } from '@agro/shared';

const MB = 1024 * 1024;

export interface FileCheck {
  accepted: File[];
  problems: string[];
}

/**
 * The client-side check before an upload (the server checks again, by content): images only,
 * each at most LIMITS.imageMaxBytes, at most LIMITS.imagesPerRequest in one upload.
 */
export function checkImageFiles(incoming: File[], alreadyChosen: number): FileCheck {
  const problems: string[] = [];
  const accepted: File[] = [];
  for (const file of incoming) {
    if (!file.type.startsWith('image/')) problems.push(`"${file.name}" is not an image.`);
    else if (file.size > LIMITS.imageMaxBytes) problems.push(`"${file.name}" is larger than ${LIMITS.imageMaxBytes / MB} MB.`);
    else accepted.push(file);
  }
  const room = Math.max(0, LIMITS.imagesPerRequest - alreadyChosen);
  if (accepted.length > room) {
    problems.push(`You can upload at most ${LIMITS.imagesPerRequest} images at a time; ${accepted.length - room} not added.`);
    accepted.splice(room);
  }
  return { accepted, problems };
}

export function formatSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
