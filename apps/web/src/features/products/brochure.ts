import { SITE } from '@agro/shared';

/** The static brochure shipped in apps/web/public. */
export const BROCHURE_URL = '/brochure.pdf';
export const BROCHURE_FILE_NAME = `${SITE.companyName.replace(/\s+/g, '-')}-Brochure.pdf`;

/** Downloads the brochure client-side (SPEC.md section 7): no API call, just the static file. */
export function downloadBrochure(): void {
  const a = document.createElement('a');
  a.href = BROCHURE_URL;
  a.download = BROCHURE_FILE_NAME;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
