import { describe, expect, it } from 'vitest';

import { responsiveSources } from './responsive-image';

const sha = 'a'.repeat(64);

describe('responsiveSources', () => {
  it('lists the three widths and their WebP copies for an uploaded image', () => {
    expect(responsiveSources(`/uploads/${sha}.jpg`)).toEqual({
      srcSet: `/uploads/${sha}-480.jpg 480w, /uploads/${sha}-960.jpg 960w, /uploads/${sha}-1600.jpg 1600w`,
      webpSrcSet: `/uploads/${sha}-480.webp 480w, /uploads/${sha}-960.webp 960w, /uploads/${sha}-1600.webp 1600w`,
    });
  });

  it('has none for any other URL', () => {
    expect(responsiveSources('/covers/fintech-1.svg')).toBeNull();
    expect(responsiveSources('/uploads/payments-hero.svg')).toBeNull();
    expect(responsiveSources(`https://cdn.example.com/uploads/${sha}.jpg`)).toBeNull();
    expect(responsiveSources(`/uploads/${sha}-480.jpg`)).toBeNull();
    expect(responsiveSources(`/uploads/${sha}.svg`)).toBeNull();
  });
});
