import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Paths are absolute because `root` is client/, and relative paths would resolve from there.
const clientRoot = fileURLToPath(new URL('./client', import.meta.url));
const clientOutDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: clientOutDir,
    // outDir lies outside root, so Vite would otherwise refuse to empty it and warn.
    emptyOutDir: true,
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
