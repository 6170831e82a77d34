import { describe, expect, it } from 'vitest';

import { combineDateAndTime, splitDateAndTime } from './date-time';

describe('combineDateAndTime', () => {
  it('puts the HH:mm time on the chosen day and gives an ISO timestamp', () => {
    const day = new Date(2025, 2, 5, 23, 59, 59);
    const iso = combineDateAndTime(day, '14:30');
    expect(iso).toBe(new Date(2025, 2, 5, 14, 30, 0, 0).toISOString());
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    const back = new Date(iso);
    expect([back.getFullYear(), back.getMonth(), back.getDate()]).toEqual([2025, 2, 5]);
    expect([back.getHours(), back.getMinutes()]).toEqual([14, 30]);
  });

  it('takes midnight for a missing or malformed time', () => {
    const day = new Date(2025, 0, 31, 8, 0);
    expect(combineDateAndTime(day, '')).toBe(new Date(2025, 0, 31).toISOString());
    expect(combineDateAndTime(day, '25:00')).toBe(new Date(2025, 0, 31).toISOString());
    expect(combineDateAndTime(day, '7:05')).toBe(new Date(2025, 0, 31, 7, 5).toISOString());
  });
});

describe('splitDateAndTime', () => {
  it('gives the local day and HH:mm of a timestamp', () => {
    const iso = new Date(2024, 10, 2, 9, 5).toISOString();
    const { day, time } = splitDateAndTime(iso);
    expect(time).toBe('09:05');
    expect(day?.getDate()).toBe(2);
    expect(combineDateAndTime(day ?? new Date(), time)).toBe(iso);
  });

  it('gives no day for a missing timestamp', () => {
    expect(splitDateAndTime(null)).toEqual({ time: '12:00' });
    expect(splitDateAndTime('nope')).toEqual({ time: '12:00' });
  });
});
