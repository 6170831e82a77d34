import { describe, expect, it } from 'vitest';

import {
  MAX_TERM_LENGTH,
  placeServerErrors,
  termsToSave,
  validateRows,
  type GlossaryRow,
} from './glossary-form';
import { searchAdminTexts } from './texts';

const texts = searchAdminTexts.en.glossary;
const rows = (...pairs: [string, string][]): GlossaryRow[] =>
  pairs.map(([en, cs], key) => ({ en, cs, key }));

describe('termsToSave', () => {
  it('trims the terms and drops rows left blank on both sides', () => {
    expect(termsToSave(rows([' card ', ' karta'], ['', ' '], ['fee', 'poplatek']))).toEqual({
      terms: [
        { en: 'card', cs: 'karta' },
        { en: 'fee', cs: 'poplatek' },
      ],
      rowOf: [0, 2],
    });
  });
});

describe('validateRows', () => {
  it('accepts a clean list', () => {
    expect(validateRows(rows(['card', 'karta'], ['fee', 'poplatek']), texts)).toEqual({});
  });

  it('names the missing side, the duplicate and the too long term by row', () => {
    const long = 'x'.repeat(MAX_TERM_LENGTH + 1);
    expect(
      validateRows(rows(['card', ''], ['', ''], ['Card', 'karta'], ['fee', long]), texts),
    ).toEqual({
      '0.cs': 'Term is required',
      '2.en': 'This term is already in the glossary',
      '3.cs': `Term must be at most ${MAX_TERM_LENGTH} characters`,
    });
  });

  it('refuses a term holding a character no page may carry, as the server does', () => {
    expect(
      validateRows(
        rows(['wal\u0005let', 'peněženka'], ['card', 'kar\u0085ta'], ['tab\tok', 'ok']),
        texts,
      ),
    ).toEqual({
      '0.en': 'Term contains characters that are not allowed',
      '1.cs': 'Term contains characters that are not allowed',
    });
  });
});

describe('placeServerErrors', () => {
  it('maps the index of the term sent back to its row on screen', () => {
    const rowOf = [0, 2, 5];
    expect(
      placeServerErrors(
        { 'terms[1].en': 'Too long', 'terms.2.cs': 'Duplicate', '0.en': 'Bad', terms: 'Too many' },
        rowOf,
      ),
    ).toEqual({
      rows: { '2.en': 'Too long', '5.cs': 'Duplicate', '0.en': 'Bad' },
      other: ['Too many'],
    });
  });

  it('keeps a message about a term that was never sent as a form error', () => {
    expect(placeServerErrors({ 'terms[9].en': 'Unknown' }, [0])).toEqual({
      rows: {},
      other: ['Unknown'],
    });
  });
});
