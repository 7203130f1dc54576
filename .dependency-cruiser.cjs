/**
 * The architecture's import rules, checked by `npm run lint` (decision 035): no import cycle
 * (type-only imports included), and imports that go one way only. Biome checks the code's
 * style; this checks which file may import which, on the resolved paths.
 * @type {import('dependency-cruiser').IConfiguration}
 */

const WEB = "^apps/web/app/";

/**
 * The other features a web feature may import (features/<name>/), and none else: a feature is
 * a screen's or a capability's code, and leans on the ones listed here, never back.
 */
const FEATURE_IMPORTS = {
  account: ["auth"],
  // The back-office sends an admin to the second factor's set-up that sign-in also leads to (decision 040).
  admin: ["auth"],
  auth: [],
  cart: ["auth", "delivery", "layout", "offline", "payment"],
  catalog: ["cart"],
  content: [],
  delivery: [],
  home: ["catalog"],
  layout: [],
  offline: ["layout"],
  order: ["delivery", "layout", "offline", "payment"],
  payment: [],
  // 'Confidentialité' is a text page of the content feature's shape (decisions 041, 043).
  privacy: ["content"],
  product: [],
};

const featureRules = Object.entries(FEATURE_IMPORTS).map(([feature, allowed]) => ({
  name: `web-feature-${feature}`,
  severity: "error",
  comment: `features/${feature} may import ${allowed.length ? `features/${allowed.join(", features/")}` : "no other feature"} (FEATURE_IMPORTS in .dependency-cruiser.cjs, decision 035).`,
  from: { path: `${WEB}features/${feature}/` },
  to: { path: `${WEB}features/`, pathNot: `${WEB}features/(${[feature, ...allowed].join("|")})/` },
}));

const SERVER = "^apps/server/src/";

/**
 * The other modules' tables (db/schema/<owner>.ts) a server module's code reads or writes
 * directly, each for a reason decision 035 gives (one SQL statement or one transaction across
 * both); any other module's data it reaches through that module's service. A row type alone
 * (`import type`, the acting admin's `UserRow`) is not a read. Tests lay their data out as they need.
 */
const TABLE_READS = {
  // The Journal names each line's person; a product's history is its ADMIN's (decision 038).
  audit: ["users", "products"],
  auth: ["users", "orders"],
  cart: ["products"],
  // An import runs as its maker is when it runs: a demoted admin's import writes nothing (decision 047).
  "catalogue-csv": ["users"],
  // How many products name a category: what refuses its deletion (decision 046).
  categories: ["products"],
  dashboard: ["orders", "contact", "payments", "products"],
  orders: ["cart", "products", "payments", "users"],
  payments: ["orders"],
  // The storefront shows the products of shown categories; an ordered product is archived, not deleted (decision 046).
  products: ["reviews", "categories", "orders", "cart"],
  // 'Mes données' reads, and an erasure rewrites, every table that names a person, in one
  // transaction: the list is PERSONAL_TABLES, checked against the database (decision 041).
  privacy: [
    "app-settings",
    "users",
    "auth",
    "cart",
    "orders",
    "payments",
    "products",
    "push",
    "reviews",
    "second-factors",
    "stock",
    "contact",
    "promotions",
  ],
  // A sale's amount is checked against the prices it targets, and a promotion's summary read
  // from the orders' copies, each in one statement (decision 051).
  promotions: ["products", "orders", "categories"],
  push: ["app-settings", "users"],
  reviews: ["users"],
  // An account's factors lock its row while they change; the setting is an app_settings row.
  "second-factors": ["users", "app-settings"],
  seo: ["products"],
  stock: ["products"],
};

/** Every server module, as its folder names it. */
const MODULES = require("node:fs").readdirSync(require("node:path").join(__dirname, "apps/server/src/modules"));

const tableRules = MODULES.map((module) => {
  const allowed = TABLE_READS[module] ?? [];
  return {
    name: `server-tables-${module}`,
    severity: "error",
    comment: `modules/${module} reads ${allowed.length ? `the tables of ${allowed.join(", ")} and ` : ""}its own; other data through the owner's service (TABLE_READS in .dependency-cruiser.cjs, decision 035).`,
    from: { path: `${SERVER}modules/${module}/`, pathNot: "\\.test\\.ts$" },
    to: {
      path: `${SERVER}db/schema/`,
      pathNot: `${SERVER}db/schema/(common|${[module, ...allowed].join("|")})\\.ts$`,
      dependencyTypesNot: ["type-only"],
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: move the shared part into a module both import (decision 035).",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-components-and-lib-below-features",
      severity: "error",
      comment: "components/ and lib/ are the web app's lowest layer: they import no feature, route or root.",
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features/|routes/|root\\.tsx$)` },
    },
    {
      name: "web-features-below-routes",
      severity: "error",
      comment: "Routes import features, never the other way (the root route included).",
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}(routes/|root\\.tsx$)` },
    },
    ...featureRules,
    ...tableRules,
    {
      name: "server-modules-name-their-tables",
      severity: "error",
      comment:
        "A module imports each table from its owner's file (db/schema/<owner>.ts), so the rule above sees whose data it reads.",
      from: { path: `${SERVER}modules/`, pathNot: "\\.test\\.ts$" },
      to: { path: `${SERVER}db/schema\\.ts$` },
    },
    {
      name: "shared-package-imports-no-app",
      severity: "error",
      comment: "packages/shared is the contract both apps import; it imports neither.",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "apps-apart",
      severity: "error",
      comment:
        "The server and the web app meet through the contract (packages/shared) and the build, not each other's source.",
      from: { path: "^apps/(server|web)/" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|dist|\\.react-router)/" },
    includeOnly: "^(apps|packages|bench|e2e)/",
    // Type-only imports count: a cycle through a type still ties two modules together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs"],
      conditionNames: ["import", "types", "node", "default"],
    },
  },
};
