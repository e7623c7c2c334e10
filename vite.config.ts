import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The modules every page runs (the layout, the header's server toggles, the page view and its
// widgets' always-loaded halves) travel in one file with React: each file costs its own gzip header
// and import list, and the home page's JavaScript stays within its 120 kB budget. A module listed
// here must not import a library that a lazy chunk also uses (the whole library would land here:
// hence SCHOOL_TIME_ZONE's own module, apart from the calendar code of the date filters).
const SITE_MODULES = new RegExp(
  `/app/(${[
    'lib/(smooth-scroll|server-html|school-zone|lazy-module)',
    'content/(seo|posts|media)',
    'wire/(form|client)',
    'ui/(error-boundary|enhanced-details|picture)',
    'pages/(model|ui/anchor-scroll|ui/page-view|ui/element-tree)',
    'widgets/(registry|listing-grid/listing-grid)',
    'features/accounts/ui/account-nav',
    'features/menu/(model|ui/main-menu|ui/mobile-menu-toggle)',
    'features/live-search/ui/header-search',
    'features/hamburger-panel/ui/hamburger-panel',
    'features/subscribe/ui/subscribe-forms',
  ].join('|')})\\.tsx?$`,
);

// `?commonjs-es-import`: the CommonJS wrapper of react-dom, else a file of its own that every page preloads.
const REACT_DOM_ENTRY = /\/node_modules\/react-dom\/(index|cjs\/react-dom\.production)\.js(\?commonjs-[a-z-]+)?$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    assetsInlineLimit: 0,
    // `SOURCEMAP=1 npm run build`: source maps, to see what weighs in a chunk (the JavaScript budget).
    sourcemap: process.env.SOURCEMAP === '1',
    // The server's code is not downloaded: left readable, its profiles and stack traces name the functions.
    minify: isSsrBuild ? false : 'terser',
    // ecma 2020: the build's browsers (Vite's baseline target) read arrows, shorthand and `??`, so terser may write them.
    terserOptions: { ecma: 2020, compress: { passes: 2 } },
    rollupOptions: {
      output: {
        manualChunks(id) {
          // react-dom's own entry (createPortal, flushSync): every page loads it with React DOM's client,
          // and as a file of its own, shared by the lazy chunks, it would cost an extra request.
          if (id.includes('vite/preload-helper') || SITE_MODULES.test(id) || REACT_DOM_ENTRY.test(id)) return 'site';
        },
      },
    },
  },
}));
