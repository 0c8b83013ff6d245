// Builds the window (src-renderer) into dist/renderer, loaded by Electron from a file and served by
// the test bed over loopback. Relative asset paths fit both.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The built page's content policy: only its own scripts, and WebSockets to loopback for the test bed.
// Left out of `vite dev`, whose hot reload needs inline scripts.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // blob: for what a Skwir plugin gave (a picture, a page, a sound, a film), as the served pages' policies allow.
  "img-src 'self' data: blob:",
  'media-src blob:',
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const contentSecurityPolicyMeta = (): Plugin => ({
  name: 'vitruvian-csp',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy }, injectTo: 'head-prepend' }],
});

export default defineConfig({
  root: 'src-renderer',
  base: './',
  plugins: [react(), contentSecurityPolicyMeta()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
  server: { host: '127.0.0.1' },
});
