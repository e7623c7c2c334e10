import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    assetsInlineLimit: 0,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // Small modules every page needs travel in one file with React (each file costs its own gzip
        // header and import list): the home page's JavaScript stays within its 120 kB budget.
        manualChunks(id) {
          if (/\/app\/(lib\/smooth-scroll|content\/seo|ui\/error-boundary)\.tsx?$/.test(id)) return 'site';
        },
      },
    },
  },
});
