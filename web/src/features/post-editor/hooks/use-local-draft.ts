// Keeps the form's unsaved copy in localStorage while the author types, and offers a copy left
// by an earlier visit (crash, closed tab) once, when the editor opens.
import { useEffect, useRef, useState } from 'react';

import {
  clearLocalDraft,
  readLocalDraft,
  sameValues,
  writeLocalDraft,
  type LocalDraft,
} from '../utils/local-draft';
import type { PostFormValues } from '../utils/post-form';

const WRITE_DELAY_MS = 400;

export function useLocalDraft(key: string, initial: PostFormValues, values: PostFormValues) {
  const [offer, setOffer] = useState<LocalDraft | null>(() => {
    const found = readLocalDraft(key);
    return found && !sameValues(found.values, initial) ? found : null;
  });
  // Until the author decides on the offer, typing must not overwrite the copy on offer.
  const offerRef = useRef(offer);
  offerRef.current = offer;
  // Set once the post is saved: a write still pending must not bring the copy back.
  const savedRef = useRef(false);

  useEffect(() => {
    if (offerRef.current) return;
    savedRef.current = false;
    const timer = window.setTimeout(() => {
      if (savedRef.current) return;
      if (sameValues(values, initial)) clearLocalDraft(key);
      else writeLocalDraft(key, values);
    }, WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, initial, values]);

  return {
    offer,
    /** Hands the copy on offer to the caller and stops offering it. */
    accept: (): PostFormValues | null => {
      const taken = offer?.values ?? null;
      setOffer(null);
      return taken;
    },
    discard: () => {
      clearLocalDraft(key);
      setOffer(null);
    },
    /** After a server save: the copy is no longer needed. */
    clear: () => {
      savedRef.current = true;
      clearLocalDraft(key);
    },
  };
}
