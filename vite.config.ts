import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Small modules every page needs travel in one file with React (each file costs its own gzip header
// and import list): the home page's JavaScript stays within its 120 kB budget. The header's parts
// here are the server's toggles; the menus' and the search's enhanced code is lazy.
const SITE_MODULES = new RegExp(
  `/app/(${[
    'lib/(smooth-scroll|server-html)',
    'content/seo',
    'ui/(error-boundary|enhanced-details)',
    'features/menu/(model|ui/main-menu|ui/mobile-menu-toggle)',
    'features/live-search/ui/header-search',
    'features/hamburger-panel/ui/hamburger-panel',
  ].join('|')})\\.tsx?$`,
);

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    assetsInlineLimit: 0,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (id.includes('vite/preload-helper') || SITE_MODULES.test(id)) return 'site';
        },
      },
    },
  },
});
