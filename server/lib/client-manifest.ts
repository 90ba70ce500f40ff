/**
 * The built client's Vite manifest (`dist/client/.vite/manifest.json`), read once at start,
 * and what it tells the server: which chunks (and styles) a page needs beyond the entry, so
 * its HTML can ask for them at once instead of after the entry has run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { escapeHtml } from './html-head.ts';

const ManifestChunkSchema = z.object({
  file: z.string(),
  isEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});

/** The parts of a Vite manifest the server reads: module key -> its output file, static imports and styles. */
export const ClientManifestSchema = z.record(z.string(), ManifestChunkSchema);
export type ClientManifest = z.infer<typeof ClientManifestSchema>;

/** The manifest key of the client's entry (the HTML page Vite builds from). */
export const ENTRY_KEY = 'index.html';

/**
 * The manifest of the client built into `root`, or null when there is none or it cannot be
 * read (a build without `manifest: true`, an older build): pages then load without preloads.
 */
export function readClientManifest(root: string): { manifest: ClientManifest | null; problem?: string } {
  const file = path.join(root, '.vite', 'manifest.json');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { manifest: null, problem: `no Vite manifest at ${file}` };
  }
  try {
    const parsed = ClientManifestSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { manifest: parsed.data };
    return { manifest: null, problem: `the Vite manifest at ${file} is not a manifest` };
  } catch {
    return { manifest: null, problem: `the Vite manifest at ${file} is not JSON` };
  }
}

/** Every chunk key `keys` load statically, themselves included (depth first, each once). */
function staticClosure(manifest: ClientManifest, keys: readonly string[], skip: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || skip.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** The files a page needs beyond what the entry loads: scripts to preload, styles to link. */
export type PagePreloads = { scripts: string[]; styles: string[] };

/**
 * What the lazily loaded `modules` of a page (manifest keys, such as `routes/groups/group-page.tsx`)
 * need: their chunks and every chunk those import statically, and their styles, without
 * anything the entry already loads (the entry's index.html preloads its own static imports and
 * links its own styles). Keys missing from the manifest are skipped.
 */
export function pagePreloads(manifest: ClientManifest, modules: readonly string[]): PagePreloads {
  const entryKeys = new Set(staticClosure(manifest, [ENTRY_KEY], new Set()));
  const entryStyles = new Set([...entryKeys].flatMap((key) => manifest[key]?.css ?? []));
  const keys = staticClosure(manifest, modules, entryKeys);
  const scripts = [...new Set(keys.map((key) => manifest[key]?.file ?? ''))].filter(Boolean);
  const styles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))].filter(
    (style) => !entryStyles.has(style),
  );
  return { scripts, styles };
}

/**
 * The `<link>` tags that preload a page's scripts and link its styles, as Vite writes its own
 * (`crossorigin`, root-relative URLs).
 */
export function preloadTags(preloads: PagePreloads): string {
  return [
    ...preloads.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    ...preloads.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
  ].join('\n    ');
}

/** Keys of `modules` that the manifest does not have (a renamed page file): worth a warning at start. */
export function missingModules(manifest: ClientManifest, modules: Iterable<string>): string[] {
  return [...new Set(modules)].filter((key) => !(key in manifest));
}
