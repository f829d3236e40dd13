import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * What <ScrollRestoration> did for us without requiring the (heavier) data router: a new screen
 * starts at the top; changing only the query (search, filters, page number) keeps the scroll
 * position; Back/Forward (POP) is left to the browser, which restores the position itself.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);

  useEffect(() => {
    const changedScreen = previous.current !== pathname;
    previous.current = pathname;
    if (!changedScreen || navigationType === 'POP' || hash) return;
    window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);

  return null;
}
