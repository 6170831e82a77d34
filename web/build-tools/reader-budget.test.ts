// A reader's budget: the JavaScript a first visit loads (the entry chunk and its static imports,
// as Vite's manifest lists them) stays at most 100 kB compressed, and the writer's and admin's
// code is never part of it. Reads the last build (web/dist): run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

const dist = join(__dirname, '..', 'dist') + '/';
const BUDGET_BYTES = 100_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Partial<Record<string, ManifestChunk>>;

function readManifest(): Manifest {
  const path = `${dist}.vite/manifest.json`;
  if (!existsSync(path)) throw new Error(`${path} is missing: build the app (npm run build) first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The manifest keys of the entry and every chunk it imports statically, transitively. */
function firstVisitChunks(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  entries.forEach(visit);
  return [...seen];
}

/** What the file costs on the wire: its build-time brotli copy, else gzip, else compressed now. */
function compressedSize(file: string): number {
  const path = `${dist}${file}`;
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  if (existsSync(`${path}.gz`)) return readFileSync(`${path}.gz`).length;
  const data = readFileSync(path);
  return Math.min(
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzipSync(data, { level: 9 }).length,
  );
}

describe("a reader's first visit", () => {
  const manifest = readManifest();
  const chunks = firstVisitChunks(manifest);

  it('loads at most 100 kB of compressed JavaScript', () => {
    const sizes = chunks.map((key) => {
      const file = manifest[key]?.file ?? key;
      return { file, bytes: compressedSize(file) };
    });
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('has every build-time compressed copy it needs', () => {
    for (const key of chunks) {
      const file = manifest[key]?.file ?? key;
      expect(existsSync(`${dist}${file}.br`), `${file}.br`).toBe(true);
      expect(existsSync(`${dist}${file}.gz`), `${file}.gz`).toBe(true);
    }
  });

  it('includes the reader pages, so no fallback flashes while a page loads', () => {
    // A module imported dynamically is a manifest key of its own; the reader pages must not be.
    for (const page of ['home', 'post', 'search', 'category'])
      expect(manifest[`src/app/routes/${page}.tsx`], `${page} is a lazy chunk`).toBeUndefined();
  });

  it('never loads the editor, Quill, the admin screens, the AI card or the format pages', () => {
    const forbidden = [/post-editor/, /quill/i, /routes\/admin\//, /ai-generator/, /format-test/];
    const files = chunks.map((key) => `${key} ${manifest[key]?.file ?? ''}`);
    for (const pattern of forbidden)
      expect(
        files.filter((file) => pattern.test(file)),
        String(pattern),
      ).toEqual([]);
  });
});
