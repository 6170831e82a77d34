import { describe, expect, it } from 'vitest';

import { nextActiveOption, NO_OPTION } from './active-option';

describe('nextActiveOption', () => {
  it('moves down from the field through the options and back to the field', () => {
    let active = NO_OPTION;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      active = nextActiveOption(active, 'ArrowDown', 3);
      seen.push(active);
    }
    expect(seen).toEqual([0, 1, 2, NO_OPTION]);
  });

  it('moves up from the field to the last option, and Home and End jump', () => {
    expect(nextActiveOption(NO_OPTION, 'ArrowUp', 3)).toBe(2);
    expect(nextActiveOption(0, 'ArrowUp', 3)).toBe(NO_OPTION);
    expect(nextActiveOption(1, 'Home', 3)).toBe(0);
    expect(nextActiveOption(0, 'End', 3)).toBe(2);
  });

  it('has nothing to move to without options, and ignores other keys', () => {
    expect(nextActiveOption(2, 'ArrowDown', 0)).toBe(NO_OPTION);
    expect(nextActiveOption(1, 'a', 3)).toBe(1);
  });
});
