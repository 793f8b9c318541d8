import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web console, built into dist/web and served as static files by the investigator's server.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  base: '/',
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1024 },
});
