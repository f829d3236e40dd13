import { SITE } from '@agro/shared';
import type { ComponentType } from 'react';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XBrandIcon } from './icons';

const NETWORKS: { key: keyof typeof SITE.social; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
  { key: 'twitter', label: 'X (Twitter)', Icon: XBrandIcon },
];

interface SocialLinksProps {
  className?: string;
  linkClassName?: string;
  size?: number;
}

/** The company's social profiles (SITE.social), each an icon link with an accessible name. */
export function SocialLinks({ className = '', linkClassName = '', size = 18 }: SocialLinksProps) {
  return (
    <ul className={`flex items-center gap-2 ${className}`}>
      {NETWORKS.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={SITE.social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SITE.companyName} on ${label}`}
            className={`inline-flex items-center justify-center rounded-full p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${linkClassName}`}
          >
            <Icon size={size} />
          </a>
        </li>
      ))}
    </ul>
  );
}
