import type { CountryIso } from '@agro/shared';
import { AE, AU, CA, DE, FR, GB, IN, JP, SG, US } from 'country-flag-icons/react/3x2';

/**
 * Accurate flags from country-flag-icons (MIT; SVGs bundled into the register page's chunk, never
 * loaded from another host), one import per country the register form offers.
 */
const FLAGS: Record<CountryIso, typeof IN> = { AE, AU, CA, DE, FR, GB, IN, JP, SG, US };

interface CountryFlagProps {
  iso: CountryIso;
  className?: string;
  width?: number;
  height?: number;
}

/** A country's flag, 3:2. Decorative: the country's name is shown beside it. */
export function CountryFlag({ iso, className, width = 24, height = 16 }: CountryFlagProps) {
  const Flag = FLAGS[iso];
  return (
    <Flag
      width={width}
      height={height}
      aria-hidden="true"
      focusable="false"
      className={`rounded-[2px] ring-1 ring-black/15 ${className ?? ''}`}
      data-flag={iso}
    />
  );
}
