import { HEARD_FROM_OPTIONS, PACKAGING_TYPE_VALUES, packagingLabel, type HeardFrom, type PackagingType } from '@agro/shared';
import { t } from './i18n';

/**
 * The names of what a buyer chose in the quote form, on the administrators' screens (their texts:
 * `choices` in the -admin catalogue part, loaded with those screens): the value stays as sent; a
 * value the catalogue does not know is shown as it came.
 */
export const packagingName = (value: string): string =>
  (PACKAGING_TYPE_VALUES as readonly string[]).includes(value) ? t(`choices.packaging.${value as PackagingType}`) : packagingLabel(value);

export const heardFromName = (value: string): string =>
  (HEARD_FROM_OPTIONS as readonly string[]).includes(value) ? t(`choices.heardFrom.${value as HeardFrom}`) : value;
