import { useEffect, useState } from 'react';
import { loadAdminTexts } from './i18n';

/**
 * Whether the administrators' texts are there to read, on a screen every signed-in person shows
 * (the profile): loaded when `enabled` (an administrator) only, so a buyer never fetches them.
 */
export function useAdminTexts(enabled: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (enabled) void loadAdminTexts().then(() => setLoaded(true));
  }, [enabled]);
  return enabled && loaded;
}
