/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const rootDir = decodeURIComponent(new URL('.', import.meta.url).pathname);
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig(({ mode }) => {
  // `npm run dev -w @lanyard/web` next to a running server; LANYARD_API_URL points elsewhere.
  const apiUrl = loadEnv(mode, rootDir, 'LANYARD_').LANYARD_API_URL || 'http://127.0.0.1:3000';
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: { '@': srcDir },
    },
    server: {
      proxy: { '/api': { target: apiUrl } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
    },
  };
});
