import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  missingModules,
  pagePreloads,
  preloadTags,
  readClientManifest,
  type ClientManifest,
} from './client-manifest.ts';

/** A manifest shaped as Vite writes it: the entry, shared chunks (`_…`), lazy pages importing back into the entry. */
const MANIFEST: ClientManifest = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_react-R.js', '_button-B.js'],
    css: ['assets/index-E.css'],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_button-B.js': { file: 'assets/button-B.js', imports: ['_cn-C.js'] },
  '_cn-C.js': { file: 'assets/cn-C.js' },
  '_card-K.js': { file: 'assets/card-K.js', imports: ['_button-B.js', '_icon-I.js'], css: ['assets/card-K.css'] },
  '_icon-I.js': { file: 'assets/icon-I.js', imports: ['_react-R.js'] },
  '_tabs-T.js': { file: 'assets/tabs-T.js', imports: ['_icon-I.js', 'index.html'] },
  'routes/group.tsx': {
    file: 'assets/group-G.js',
    imports: ['_card-K.js', 'index.html', '_tabs-T.js', '_react-R.js'],
  },
  'routes/layout.tsx': { file: 'assets/layout-L.js', imports: ['_tabs-T.js'] },
  'routes/plain.tsx': { file: 'assets/plain-P.js', imports: ['index.html'] },
};

describe('pagePreloads', () => {
  it('gives the page chunks and their static imports, transitively, each once, without the entry’s', () => {
    expect(pagePreloads(MANIFEST, ['routes/group.tsx'])).toEqual({
      scripts: ['assets/group-G.js', 'assets/card-K.js', 'assets/icon-I.js', 'assets/tabs-T.js'],
      styles: ['assets/card-K.css'],
    });
  });

  it('shares chunks between the modules of one page (a layout and its page) only once', () => {
    const { scripts } = pagePreloads(MANIFEST, ['routes/layout.tsx', 'routes/group.tsx']);
    expect(scripts).toEqual([
      'assets/layout-L.js',
      'assets/tabs-T.js',
      'assets/icon-I.js',
      'assets/group-G.js',
      'assets/card-K.js',
    ]);
    expect(new Set(scripts).size).toBe(scripts.length);
  });

  it('leaves out the entry itself and the chunks and styles index.html already loads', () => {
    const { scripts, styles } = pagePreloads(MANIFEST, ['routes/plain.tsx', 'index.html', '_button-B.js']);
    expect(scripts).toEqual(['assets/plain-P.js']);
    expect(styles).toEqual([]);
  });

  it('skips modules the manifest does not have, and says which they are', () => {
    expect(pagePreloads(MANIFEST, ['routes/gone.tsx'])).toEqual({ scripts: [], styles: [] });
    expect(missingModules(MANIFEST, ['routes/gone.tsx', 'routes/group.tsx', 'routes/gone.tsx'])).toEqual([
      'routes/gone.tsx',
    ]);
  });

  it('works without an entry in the manifest (nothing to leave out)', () => {
    const { 'index.html': _entry, ...withoutEntry } = MANIFEST;
    expect(pagePreloads(withoutEntry, ['routes/plain.tsx']).scripts).toEqual(['assets/plain-P.js']);
  });
});

describe('preloadTags', () => {
  it('writes root-relative links as Vite does, styles first', () => {
    expect(preloadTags({ scripts: ['assets/a.js'], styles: ['assets/a.css'] })).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/a.css" />\n    <link rel="modulepreload" crossorigin href="/assets/a.js" />',
    );
    expect(preloadTags({ scripts: [], styles: [] })).toBe('');
  });
});

describe('readClientManifest', () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-manifest-'));
  const write = (root: string, text: string) => {
    fs.mkdirSync(path.join(root, '.vite'));
    fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), text);
  };

  it('reads .vite/manifest.json under the root', () => {
    const root = folder();
    write(root, JSON.stringify(MANIFEST));
    expect(readClientManifest(root)).toEqual({ manifest: MANIFEST });
  });

  it('answers null with the reason when the manifest is absent, not JSON or not a manifest', () => {
    const absent = readClientManifest(folder());
    expect(absent.manifest).toBeNull();
    expect(absent.problem).toMatch(/no Vite manifest/);

    const broken = folder();
    write(broken, '{"index.html": ');
    expect(readClientManifest(broken)).toMatchObject({ manifest: null, problem: expect.stringMatching(/not JSON/) });

    const other = folder();
    write(other, JSON.stringify({ 'index.html': { imports: 3 } }));
    expect(readClientManifest(other)).toMatchObject({
      manifest: null,
      problem: expect.stringMatching(/not a manifest/),
    });
  });
});
