import { localizedPath, whatsappLink } from '@agro/shared';
import { selectSiteOrigin, useAppSelector, useSiteSettings } from '@/store/store';
import { pageLanguage, t } from '@/lib/i18n';
import { WhatsAppIcon } from './icons';

interface WhatsAppButtonProps {
  /** The prefilled message; `{url}` in it becomes `path` as an absolute address. */
  text: string;
  /** A path of this site the message names (made absolute on the site's origin). */
  path?: string;
  className?: string;
}

/**
 * WhatsApp click-to-chat (issue 26): shown only when the site settings have a WhatsApp number.
 * The address in the message is absolute from the first render on: a page the server rendered
 * names the origin its snapshot carries (the one of its canonical link), so the server's HTML,
 * the browser's first render and every later one hold the same link.
 */
export function WhatsAppButton({ text, path, className = 'btn-secondary' }: WhatsAppButtonProps) {
  const { whatsapp } = useSiteSettings();
  const origin = useAppSelector(selectSiteOrigin);
  if (!whatsapp) return null;
  // The page in the language it is read in: a buyer on /ar/ shares the Arabic address.
  const message = path === undefined ? text : text.replace('{url}', `${origin}${localizedPath(path, pageLanguage())}`);
  return (
    <a href={whatsappLink(whatsapp, message)} target="_blank" rel="noopener noreferrer" className={className}>
      <WhatsAppIcon size={18} /> {t('product.whatsappLabel')}
    </a>
  );
}
