import { describe, expect, it } from 'vitest';

import { settingsTexts } from '@/lib/i18n/settings-texts';

import { DEFAULT_SITE_SETTINGS } from './defaults';
import {
  settingsValuesOf,
  toSettingsPayload,
  translateSettingsMessage,
  validateSettings,
} from './settings-form';

const { en, cs } = settingsTexts;

const valid = settingsValuesOf(DEFAULT_SITE_SETTINGS);

describe('validateSettings', () => {
  it('passes the defaults', () => {
    expect(validateSettings(valid, en)).toEqual({});
  });

  it('uses the spec messages for short texts and bad colours', () => {
    expect(
      validateSettings(
        {
          ...valid,
          siteTitle: ' A ',
          siteDescription: 'Too short',
          heroBackgroundColor: '#12345',
          titleColor: 'indigo',
          subtitleColor: '#f9fafbb',
          heroImageWidth: ' ',
        },
        en,
      ),
    ).toEqual({
      siteTitle: 'Title must be at least 2 characters',
      siteDescription: 'Description must be at least 10 characters',
      heroBackgroundColor: 'Must be a valid hex color (e.g. #1e293b)',
      titleColor: 'Must be a valid hex color (e.g. #4f46e5)',
      subtitleColor: 'Must be a valid hex color (e.g. #f9fafb)',
      heroImageWidth: 'Width is required',
    });
  });

  it('limits the title to 100 and the description to 500 characters', () => {
    const errors = validateSettings(
      { ...valid, siteTitle: 'x'.repeat(101), siteDescription: 'y'.repeat(501) },
      en,
    );
    expect(errors.siteTitle).toBe('Title must be at most 100 characters');
    expect(errors.siteDescription).toBe('Description must be at most 500 characters');
    expect(
      validateSettings(
        { ...valid, siteTitle: 'x'.repeat(100), siteDescription: 'y'.repeat(500) },
        en,
      ),
    ).toEqual({});
  });

  it('accepts hex colours in either case', () => {
    expect(validateSettings({ ...valid, titleColor: '#ABCDEF' }, en)).toEqual({});
  });
});

describe('settings messages', () => {
  it('translate the server wording', () => {
    expect(translateSettingsMessage('Title must be at least 2 characters', cs)).toBe(
      'Název musí mít alespoň 2 znaky',
    );
    expect(
      translateSettingsMessage('Hero image contains characters that are not allowed', cs),
    ).toBe('Obrázek banneru obsahuje nepovolené znaky');
    expect(translateSettingsMessage('Something else', cs)).toBe('Something else');
  });

  it('trim what is sent', () => {
    expect(
      toSettingsPayload({ ...valid, siteTitle: '  PayTech  ', titleColor: ' #4f46e5 ' }),
    ).toMatchObject({
      siteTitle: 'PayTech',
      titleColor: '#4f46e5',
    });
  });
});
