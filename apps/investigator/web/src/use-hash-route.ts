import { useEffect, useState } from 'react';

/** The page the URL's hash names (`#/alerts/42` → `['alerts', '42']`), updated when it changes. */
export function useHashRoute(): string[] {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

function read(): string[] {
  return window.location.hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map(decodeURIComponent);
}
