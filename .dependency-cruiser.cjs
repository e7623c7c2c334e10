/**
 * The layering of app/ (DESIGN.md "Layout"), checked in `npm run lint`:
 * routes → staff → pages → widgets → features → ui → content → wire / lib → db, seed/ outside the app
 * (ui draws the content's views, e.g. a media item as a picture; content never imports ui).
 */
const KERNEL = '^app/(lib|db|wire|ui)/';
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycles anywhere: a cycle means two modules are one, or one is in the wrong layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'content-imports-the-kernel-only',
      comment: 'app/content is the content model every layer reads: it imports only lib, db and wire.',
      severity: 'error',
      from: { path: '^app/content/' },
      to: { path: '^app/', pathNot: ['^app/(content|lib|db|wire)/', '^app/context\\.ts$'] },
    },
    {
      name: 'a-feature-imports-no-other-feature',
      comment: 'A feature imports content, lib, ui, db, wire and itself: never another feature, a widget or a page.',
      severity: 'error',
      from: { path: '^app/features/([^/]+)/' },
      to: {
        path: '^app/',
        pathNot: ['^app/features/$1/', '^app/(content|lib|ui|db|wire|styles)/', '^app/context\\.ts$'],
      },
    },
    {
      name: 'the-kernel-stays-below',
      comment: 'lib, db, wire and ui never import a feature, a widget, a page or a route.',
      severity: 'error',
      from: { path: KERNEL },
      to: { path: '^app/(features|widgets|pages|routes)/' },
    },
    {
      name: 'lib-and-wire-below-content',
      comment: 'lib and wire are the ground the content model stands on: they import no content and no ui.',
      severity: 'error',
      from: { path: '^app/(lib|wire)/' },
      to: { path: '^app/(content|ui|staff)/' },
    },
    {
      name: 'the-database-layer-is-the-ground',
      comment: 'db (connection, schema, migrations) imports nothing else of the app: its callers hand it its settings.',
      severity: 'error',
      from: { path: '^app/db/' },
      to: { path: '^app/', pathNot: '^app/db/' },
    },
    {
      name: 'the-staff-floor-is-for-staff-routes',
      comment:
        'app/staff (the staff-only sections and the page editor) is imported only by the staff routes and by itself: the public site never loads it.',
      severity: 'error',
      from: { path: '^app/', pathNot: ['^app/(staff|routes/admin)/'] },
      to: { path: '^app/staff/' },
    },
    {
      name: 'public-code-imports-no-staff-wing',
      comment:
        'A public feature keeps its staff wing in staff*.ts and ui/staff-*.tsx: only staff code (the wing itself, app/staff, the staff routes) imports a staff file.',
      severity: 'error',
      from: {
        path: '^app/',
        pathNot: ['^app/(staff|routes/admin)/', '/staff[^/]*$', '\\.(test|fixtures)\\.tsx?$'],
      },
      to: { path: '/staff[^/]*$' },
    },
    {
      name: 'staff-below-routes',
      severity: 'error',
      from: { path: '^app/staff/' },
      to: { path: '^app/routes/' },
    },
    {
      name: 'widgets-below-pages',
      comment: 'Widgets place features on pages; pages and routes sit above them.',
      severity: 'error',
      from: { path: '^app/widgets/' },
      to: { path: '^app/(pages|routes)/' },
    },
    {
      name: 'pages-below-routes',
      severity: 'error',
      from: { path: '^app/pages/' },
      to: { path: '^app/routes/' },
    },
    {
      name: 'the-app-never-imports-the-seed',
      comment:
        'seed/ is the demo school: scripts, server/main.ts and tests (beside the code too) use it, the running app never.',
      severity: 'error',
      from: { path: '^app/', pathNot: '\\.(test|fixtures)\\.tsx?$' },
      to: { path: '^seed/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router)/' },
    // Type-only imports are edges too: a layer's types belong to that layer.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
