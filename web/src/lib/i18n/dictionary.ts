// The dictionary type: the shape of `en` with every text widened to string, so `cs` (typed as
// Dictionary) must have exactly the same keys, no more and no fewer.
import type { en } from './en';

/** Every text of a texts object widened to string; the type its other language must match. */
export type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type Dictionary = Widen<typeof en>;
