import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import prefresh from '@prefresh/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { REACT_TO_PREACT } from './scripts/react-to-preact.ts';
import { siteIcons } from './scripts/vite-site-icons.ts';

// Paths are absolute because `root` is client/, and relative paths would resolve from there.
const clientRoot = fileURLToPath(new URL('./client', import.meta.url));
const clientOutDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [
    // Hot reload that keeps state (Preact's Fast Refresh; React's finds no React to refresh).
    // Not under Vitest, which has no hot reload and would leave its refresh calls undefined.
    process.env.VITEST ? null : await prefresh(),
    tailwindcss(),
    // favicon.ico, the touch and app icons, the share image and the web app manifest, made from favicon.svg
    siteIcons({ logo: fileURLToPath(new URL('./client/public/favicon.svg', import.meta.url)) }),
    // Static files leave the build precompressed: the server sends the .br (or .gz) file that
    // the browser accepts, and spends no CPU compressing per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|webmanifest|ico)$/,
      exclude: /manifest\.json$/,
    }),
  ],
  // JSX calls react/jsx-runtime, which the aliases below answer with Preact's.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    // The client is written against React's API and runs on Preact's compat layer, about 58 KB
    // of gzip smaller on every first load (decision 023); the dependencies that import react
    // (React Router, TanStack Query, Radix, cmdk, sonner) get Preact too.
    alias: Object.entries(REACT_TO_PREACT).map(([name, replacement]) => ({
      find: new RegExp(`^${name}$`),
      replacement,
    })),
  },
  build: {
    outDir: clientOutDir,
    // outDir lies outside root, so Vite would otherwise refuse to empty it and warn.
    emptyOutDir: true,
    // .vite/manifest.json: the server reads it to preload a page's own chunks, and the bundle
    // budget test walks its module graph.
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Directives for React Server Components, which a browser bundle has no use for.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        // React Router reads React 19's useOptimistic and does without it when it is missing, as on Preact.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs at once (React, the router, TanStack Query, zod, the
            // shell) in one file, instead of a dozen small ones the browser would fetch side by side.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // The live channel at /api/live is a WebSocket upgrade.
        ws: true,
        // The server rejects a request whose Origin does not match its Host, so the Host the
        // browser sent (localhost:5173) must reach it unchanged.
        changeOrigin: false,
      },
    },
  },
});
