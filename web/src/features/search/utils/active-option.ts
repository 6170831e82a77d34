// The panel's keyboard rule: which option is active after an arrow, Home or End.

/** No option is active: Enter then opens the full results page. */
export const NO_OPTION = -1;

/**
 * The active option after `key` among `count` options: the arrows move and wrap through
 * "none", Home and End jump; any other key leaves it as it is.
 */
export function nextActiveOption(active: number, key: string, count: number): number {
  if (count <= 0) return NO_OPTION;
  switch (key) {
    case 'ArrowDown':
      return active >= count - 1 ? NO_OPTION : active + 1;
    case 'ArrowUp':
      return active === NO_OPTION ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return active;
  }
}
