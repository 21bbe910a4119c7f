// Import boundaries of ARCHITECTURE.md, checked by `npm run lint` (`depcruise src`).
// scripts/boundaries.test.ts plants a violation of each rule and expects this configuration to catch it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-not-to-client-or-server",
      comment: "src/shared is pure TypeScript both sides use: it imports nothing from the client or the server.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(client|server)/" },
    },
    {
      name: "shared-only-shared",
      comment:
        "Nor anything else of the repository outside src/ (scripts/, tests/, drizzle/, package.json): both sides and both builds take src/shared as it is. Its tests may use tests/support.",
      severity: "error",
      from: { path: "^src/shared/", pathNot: "[.]test[.]tsx?$" },
      to: { pathNot: ["^src/", "(^|/)node_modules/"], dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      name: "source-not-to-tests",
      comment:
        "Test data and test support live under tests/ and reach src/ only through tests: production code (and its build) never imports them.",
      severity: "error",
      // src/shared has its own, stricter rule (shared-only-shared).
      from: { path: "^src/(server|client)/", pathNot: "[.]test[.]tsx?$" },
      to: { path: "^tests/" },
    },
    {
      name: "client-not-to-server",
      comment:
        "The client never imports server code. Its one window on the server is the API type (see client-api-type-only).",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/", pathNot: "^src/server/app[.]ts$" },
    },
    {
      name: "client-api-type-only",
      comment:
        "The client may import src/server/app.ts only with `import type` (the ApiType for hono/client), so no server code reaches the bundle.",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/app[.]ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "route-not-to-other-route",
      comment:
        "A route folder imports services, db and http, never another route folder: what two areas share belongs in services/ or http/.",
      severity: "error",
      from: { path: "^src/server/routes/([^/]+)/" },
      to: { path: "^src/server/routes/", pathNot: "^src/server/routes/$1/" },
    },
    {
      name: "feature-not-to-other-feature",
      comment: "Features never import each other: what two features share moves to components/ or lib/.",
      severity: "error",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "client-shared-not-to-features",
      comment:
        "components/ and lib/ are below the features (bulletproof-react's one direction): they never import a feature.",
      severity: "error",
      from: { path: "^src/client/(components|lib)/" },
      to: { path: "^src/client/features/" },
    },
    {
      name: "client-not-to-routes",
      comment:
        "The route modules, the route table (routes.ts) and the document (root.tsx) are the top of the client: they compose features, components and lib, which never import them back.",
      severity: "error",
      from: { path: "^src/client/(features|components|lib)/" },
      to: { path: "^src/client/(routes/|routes[.]ts$|root[.]tsx$)" },
    },
    {
      name: "services-know-no-http",
      comment:
        "Services throw domain errors with a code and know no HTTP: no routes, no http plumbing, no hono. The mapping to statuses lives in src/server/http/.",
      severity: "error",
      from: { path: "^src/server/services/" },
      // hono resolves into node_modules; the bare name covers a cruise where it is not installed.
      to: { path: ["^src/server/(routes|http)/", "(^|node_modules/)(hono|@hono/[^/]+)(/|$)"] },
    },
    {
      name: "routes-not-to-db",
      comment:
        "Routes reach the database through services (routes -> services -> db): a query in a route is a service not yet written. Route tests may read the tables to check what a request stored.",
      severity: "error",
      from: { path: "^src/server/routes/", pathNot: "[.]test[.]ts$" },
      to: { path: "^src/server/db/" },
    },
    {
      name: "db-imports-no-layer-above",
      comment:
        "db/ is the bottom of the server (routes -> services -> db): schema, client and statements import shared and each other, never services, routes, http, auth, the stand-ins or the modules that wire them.",
      severity: "error",
      from: { path: "^src/server/db/" },
      to: {
        path: [
          "^src/server/(services|routes|http|auth|stand-ins)/",
          "^src/server/(app|context|main|server|bootstrap|dev-api)[.]ts$",
        ],
      },
    },
    {
      name: "no-circular",
      comment:
        "No import cycles, type-only imports included: a cycle hides which module is below which, and a type-only one is a value import away from an undefined at start-up. Move what both need into a module of its own.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count as dependencies too, marked "type-only" (client-api-type-only tells them apart).
    tsPreCompilationDeps: true,
    skipAnalysisNotInRules: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
