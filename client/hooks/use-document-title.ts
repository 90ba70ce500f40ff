import { useEffect } from 'react';

/** Sets the tab's title to `title · Townhall` while the page shows (null: leaves it alone). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title !== null) document.title = `${title} · Townhall`;
  }, [title]);
}
