// The glossary editor's rows: checks before saving (both terms, no duplicates, not too long, no
// control characters) and the server's 400 field messages placed on the rows they name.
import { interpolate } from '@/lib/i18n';
import type { FieldErrors } from '@/lib/api-client';
import type { GlossaryTerm } from '@/types/api';

import type { SearchAdminTexts } from './texts';

export const MAX_TERM_LENGTH = 200;
export const SIDES = ['en', 'cs'] as const;
export type Side = (typeof SIDES)[number];

export interface GlossaryRow extends GlossaryTerm {
  /** Stable React key; rows are added and removed in place. */
  key: number;
}

/** Error messages by `${row}.${side}` (row = index in the list shown). */
export type RowErrors = Record<string, string>;

export const fieldKey = (row: number, side: Side) => `${row}.${side}`;

/** The rows to send: trimmed, with rows left blank on both sides dropped. */
export function termsToSave(rows: GlossaryRow[]): { terms: GlossaryTerm[]; rowOf: number[] } {
  const terms: GlossaryTerm[] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    const en = row.en.trim();
    const cs = row.cs.trim();
    if (en === '' && cs === '') return;
    terms.push({ en, cs });
    rowOf.push(index);
  });
  return { terms, rowOf };
}

/**
 * True for text holding a character no page or feed may carry (C0 controls but tab and line
 * breaks, DEL, C1, U+FFFE, U+FFFF): the server refuses them too (core::utf8::is_forbidden_char).
 */
export function hasForbiddenChar(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    if ((code >= 0x7f && code <= 0x9f) || code === 0xfffe || code === 0xffff) return true;
  }
  return false;
}

/** What is wrong with the rows before they go to the server; empty when nothing is. */
export function validateRows(rows: GlossaryRow[], texts: SearchAdminTexts['glossary']): RowErrors {
  const errors: RowErrors = {};
  const seen: Record<Side, Set<string>> = { en: new Set(), cs: new Set() };
  const { terms, rowOf } = termsToSave(rows);
  terms.forEach((term, index) => {
    const row = rowOf[index] ?? index;
    for (const side of SIDES) {
      const value = term[side];
      const folded = value.toLocaleLowerCase();
      if (value === '') errors[fieldKey(row, side)] = texts.required;
      else if (value.length > MAX_TERM_LENGTH)
        errors[fieldKey(row, side)] = interpolate(texts.tooLong, { max: MAX_TERM_LENGTH });
      else if (hasForbiddenChar(value)) errors[fieldKey(row, side)] = texts.notAllowed;
      else if (seen[side].has(folded)) errors[fieldKey(row, side)] = texts.duplicate;
      seen[side].add(folded);
    }
  });
  return errors;
}

/**
 * Places the server's field messages: `terms[2].en`, `terms.2.en` or `2.en` name the third term
 * sent, which `rowOf` maps back to its row on screen. Anything else is returned as `other`.
 */
export function placeServerErrors(
  fields: FieldErrors,
  rowOf: number[],
): { rows: RowErrors; other: string[] } {
  const rows: RowErrors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const match = /(?:^|\D)(\d+)\]?[./]?(en|cs)$/.exec(name);
    const sent = match ? Number(match[1]) : NaN;
    const row = rowOf[sent];
    if (match && row !== undefined) rows[fieldKey(row, match[2] as Side)] = message;
    else other.push(message);
  }
  return { rows, other };
}
