/// <reference types="vitest/config" />
// Vite build, dev-server proxy to blogd, and Vitest settings for the web app.
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { compressAssets } from './build-tools/compress-assets';

const blogd = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), compressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: blogd, changeOrigin: false },
      '/uploads': { target: blogd, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The reader's budget test (build-tools/reader-budget.test.ts) reads it.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
