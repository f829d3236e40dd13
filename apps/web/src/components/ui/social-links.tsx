import { SOCIAL_LABELS, socialProfiles, type SocialNetwork } from '@agro/shared';
import type { ComponentType } from 'react';
import { useSiteSettings } from '@/store/store';
import { t } from '@/lib/i18n';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XBrandIcon, YouTubeIcon } from './icons';

const ICONS: Record<SocialNetwork, ComponentType<{ size?: number }>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
  x: XBrandIcon,
  youtube: YouTubeIcon,
};

interface SocialLinksProps {
  className?: string;
  linkClassName?: string;
  size?: number;
}

/** The company's social profiles that are set (site settings), each an icon link with an accessible name. */
export function SocialLinks({ className = '', linkClassName = '', size = 18 }: SocialLinksProps) {
  const profiles = socialProfiles(useSiteSettings().socialLinks);
  if (profiles.length === 0) return null;
  return (
    <ul className={`flex items-center gap-2 ${className}`}>
      {profiles.map(({ network, url }) => {
        const Icon = ICONS[network];
        const label = SOCIAL_LABELS[network];
        return (
          <li key={network}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('layout.socialProfile', { network: label })}
              className={`inline-flex items-center justify-center rounded-full p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${linkClassName}`}
            >
              <Icon size={size} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
