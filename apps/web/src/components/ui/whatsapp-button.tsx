import { whatsappLink } from '@agro/shared';
import { useEffect, useState } from 'react';
import { useSiteSettings } from '@/app/store';
import { WhatsAppIcon } from './icons';

interface WhatsAppButtonProps {
  /** The prefilled message; `{url}` in it becomes `path` as an absolute address. */
  text: string;
  /** A path of this site the message names (made absolute in the browser). */
  path?: string;
  label?: string;
  className?: string;
}

/**
 * WhatsApp click-to-chat (issue 26): shown only when the site settings have a WhatsApp number.
 * The server's render and the first render in the browser name the path as it is (they must
 * match); once running in the browser the address becomes absolute with the page's origin.
 */
export function WhatsAppButton({ text, path, label = 'Chat on WhatsApp', className = 'btn-secondary' }: WhatsAppButtonProps) {
  const { whatsapp } = useSiteSettings();
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  if (!whatsapp) return null;
  const message = path === undefined ? text : text.replace('{url}', `${origin}${path}`);
  return (
    <a href={whatsappLink(whatsapp, message)} target="_blank" rel="noopener noreferrer" className={className}>
      <WhatsAppIcon size={18} /> {label}
    </a>
  );
}
