import { HEARD_FROM_OPTIONS, PACKAGING_TYPE_VALUES, type HeardFrom, type PackagingType } from '@agro/shared';
import { t } from './i18n';

/**
 * The labels of values the server keeps in English (issue 28): shown in the page's language, the
 * value sent and stored unchanged. From the private screens' catalogue (loaded with them).
 */

/** A packaging type's name in the page's language ('CORRUGATED_BOX' -> 'Corrugated Box'); an unknown value as sent. */
export const packagingText = (value: string): string =>
  (PACKAGING_TYPE_VALUES as readonly string[]).includes(value) ? t(`packagingTypes.${value as PackagingType}`) : value;

/** A 'How did you hear about us?' answer in the page's language (the value sent stays the English word). */
export const heardFromText = (value: string): string =>
  (HEARD_FROM_OPTIONS as readonly string[]).includes(value) ? t(`heardFrom.${value as HeardFrom}`) : value;
