import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, describe, expect, it } from "vitest";
import { describeCycles, folderCycles, serviceFolderGraph } from "./service-folders.ts";

// The boundaries `npm run lint` enforces (.dependency-cruiser.cjs, scripts/service-folders.ts and biome.json), each
// shown to catch a planted violation. Fixtures are small trees in the system's temp folder, so the real tree's checks
// never see them. One job in one file, over 400 lines: every rule's planted cases beside the one clean tree they break.

const root = resolve(import.meta.dirname, "..");
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

type Files = Record<string, string>;

/** A tree that keeps every rule: the allowed direction of each boundary, once. */
const cleanTree: Files = {
  "src/shared/plan/rules.ts": "export const weeks = 12;\n",
  // A shared test may use the test support outside src/.
  "src/shared/plan/rules.test.ts":
    'import { persona } from "#tests/support/personas.ts";\nimport { weeks } from "./rules.ts";\n\nexport const checked = [persona, weeks];\n',
  "tests/support/personas.ts": 'export const persona = "Jane";\n',
  "src/server/env.ts": "export const port = process.env.PORT;\n",
  "src/server/db/schema.ts": 'import { weeks } from "#shared/plan/rules.ts";\n\nexport const table = { weeks };\n',
  "src/server/http/validation.ts": "export const validate = (value: unknown) => value;\n",
  "src/server/services/plan/plan-read.ts":
    'import { table } from "#server/db/schema.ts";\n\nexport const readPlan = () => table;\n',
  "src/server/routes/plan/plan.routes.ts": [
    'import { Hono } from "hono";',
    'import { validate } from "#server/http/validation.ts";',
    'import { readPlan } from "#server/services/plan/plan-read.ts";',
    'import { planPath } from "./plan-path.ts";',
    "",
    "export const planRoutes = new Hono().get(planPath, (c) => c.json(validate(readPlan())));",
    "",
  ].join("\n"),
  "src/server/routes/plan/plan-path.ts": 'export const planPath = "/plan";\n',
  // A route's test may read the tables to check what a request stored.
  "src/server/routes/plan/plan.test.ts":
    'import { table } from "#server/db/schema.ts";\n\nexport const stored = table;\n',
  "src/server/routes/quiz/quiz.routes.ts":
    'import { Hono } from "hono";\n\nexport const quizRoutes = new Hono().get("/quiz", (c) => c.json({}));\n',
  "src/server/app.ts": [
    'import { Hono } from "hono";',
    'import { port } from "./env.ts";',
    'import { planRoutes } from "./routes/plan/plan.routes.ts";',
    'import { quizRoutes } from "./routes/quiz/quiz.routes.ts";',
    "",
    'export const app = new Hono().route("/", planRoutes).route("/", quizRoutes);',
    "export type ApiType = typeof app;",
    "export const listening = port;",
    "",
  ].join("\n"),
  "src/client/lib/api.ts":
    'import type { ApiType } from "#server/app.ts";\n\nexport type Api = ApiType;\nexport const base = "/api";\n',
  "src/client/components/button.ts":
    'import { weeks } from "#shared/plan/rules.ts";\n\nexport const label = String(weeks);\n',
  "src/client/features/plan/plan-card.ts": [
    'import { label } from "#client/components/button.ts";',
    'import { base } from "#client/lib/api.ts";',
    'import { planKey } from "./plan-query.ts";',
    "",
    "export const planCard = [label, base, planKey];",
    "",
  ].join("\n"),
  "src/client/features/plan/plan-query.ts": 'export const planKey = ["plan"];\n',
  "src/client/features/quiz/quiz-form.ts":
    'import { label } from "#client/components/button.ts";\n\nexport const quizForm = label;\n',
  "src/client/routes.ts": 'export default ["routes/plan.ts"];\n',
  "src/client/routes/plan.ts": [
    'import { planCard } from "../features/plan/plan-card.ts";',
    'import { quizForm } from "../features/quiz/quiz-form.ts";',
    "",
    "export default [planCard, quizForm];",
    "",
  ].join("\n"),
};

function plant(files: Files) {
  const dir = mkdtempSync(join(tmpdir(), "unscroll-boundaries-"));
  made.push(dir);
  for (const [path, text] of Object.entries({ ...cleanTree, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  // Biome reads its rules from the folder it checks; the same file the real tree uses. The package's import aliases
  // (#server/…, #client/…) are what dependency-cruiser resolves the planted imports through.
  copyFileSync(join(root, "biome.json"), join(dir, "biome.json"));
  const { imports } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "planted", type: "module", imports }));
  return dir;
}

/**
 * What `npm run lint` runs on the boundaries, with the project's configuration: `depcruise src`, the folders of the
 * services (scripts/service-folders.ts) and `biome check`.
 */
async function lint(dir: string) {
  const options = await extractDepcruiseOptions(join(root, ".dependency-cruiser.cjs"));
  const cruised = await cruise(["src"], { ...options, baseDir: dir, outputType: "err" });
  const folders = await serviceFolderGraph(dir, join(root, ".dependency-cruiser.cjs"));
  const circles = describeCycles(folders, folderCycles(folders));
  const biome = spawnSync(join(root, "node_modules/.bin/biome"), ["check", "--colors=off", "src"], {
    cwd: dir,
    encoding: "utf8",
  });
  return {
    failed: cruised.exitCode !== 0 || circles !== "" || biome.status !== 0,
    output: `${cruised.output}\n${circles}\n${biome.stdout}${biome.stderr}`,
    // The diagnostics, one per broken rule: dependency-cruiser's "error <rule>: <from> → <to>" lines and Biome's
    // "<file>:<line>:<column> lint/<group>/<rule>" headers.
    violations: [
      ...[...`${cruised.output}\n${circles}`.matchAll(/^\s*error (\S+): (\S+) →/gm)].map(
        ([, rule, file]) => `${rule} in ${file}`,
      ),
      ...[...`${biome.stdout}${biome.stderr}`.matchAll(/^(\S+?):\d+:\d+ lint\/\w+\/(\w+)/gm)].map(
        ([, file, rule]) => `${rule} in ${file}`,
      ),
    ],
  };
}

type Planted = {
  rule: string;
  case: string;
  file: string;
  text: string;
  /** More files the violation needs (the other end of a cycle). */
  also?: Files;
  /** The files dependency-cruiser names, when not only `file`. */
  reported?: string[];
};

const planted: Planted[] = [
  {
    rule: "shared-not-to-client-or-server",
    case: "shared imports the client",
    file: "src/shared/plan/leak.ts",
    text: 'import { base } from "#client/lib/api.ts";\n\nexport const leak = base;\n',
  },
  {
    rule: "shared-not-to-client-or-server",
    case: "shared imports a server type",
    file: "src/shared/plan/leak.ts",
    text: 'import type { ApiType } from "#server/app.ts";\n\nexport type Leak = ApiType;\n',
  },
  {
    rule: "client-not-to-server",
    case: "the client imports server code other than the API type",
    file: "src/client/features/plan/peek.ts",
    text: 'import { table } from "#server/db/schema.ts";\n\nexport const peek = table;\n',
  },
  {
    rule: "client-api-type-only",
    case: "the client imports the server app as a value",
    file: "src/client/lib/app-value.ts",
    text: 'import { app } from "#server/app.ts";\n\nexport const server = app;\n',
  },
  {
    rule: "route-not-to-other-route",
    case: "a route folder imports another route folder",
    file: "src/server/routes/quiz/borrow.ts",
    text: 'import { planPath } from "../plan/plan-path.ts";\n\nexport const borrowed = planPath;\n',
  },
  {
    rule: "routes-not-to-db",
    case: "a route queries a table itself",
    file: "src/server/routes/quiz/quiz-count.ts",
    text: 'import { table } from "#server/db/schema.ts";\n\nexport const count = table;\n',
  },
  {
    rule: "feature-not-to-other-feature",
    case: "a feature imports another feature",
    file: "src/client/features/quiz/borrow.ts",
    text: 'import { planKey } from "../plan/plan-query.ts";\n\nexport const borrowed = planKey;\n',
  },
  {
    rule: "client-shared-not-to-features",
    case: "components/ imports a feature",
    file: "src/client/components/navbar.ts",
    text: 'import { planKey } from "../features/plan/plan-query.ts";\n\nexport const navbar = planKey;\n',
  },
  {
    rule: "client-shared-not-to-features",
    case: "lib/ imports a feature",
    file: "src/client/lib/session.ts",
    text: 'import { quizForm } from "../features/quiz/quiz-form.ts";\n\nexport const session = quizForm;\n',
  },
  {
    rule: "services-know-no-http",
    case: "a service imports a route",
    file: "src/server/services/plan/plan-link.ts",
    text: 'import { planPath } from "#server/routes/plan/plan-path.ts";\n\nexport const link = planPath;\n',
  },
  {
    rule: "services-know-no-http",
    case: "a service imports the http plumbing",
    file: "src/server/services/plan/plan-check.ts",
    text: 'import { validate } from "#server/http/validation.ts";\n\nexport const check = validate;\n',
  },
  {
    rule: "services-know-no-http",
    case: "a service imports hono",
    file: "src/server/services/plan/plan-error.ts",
    text: 'import { HTTPException } from "hono/http-exception";\n\nexport const fail = () => new HTTPException(404);\n',
  },
  {
    rule: "useImportType",
    // Under verbatimModuleSyntax, `import { type X } from` compiles to `import {} from`, which still loads the module.
    // dependency-cruiser counts it as type-only; Biome's useImportType asks for `import type`.
    case: "an import of types only lacks `import type`",
    file: "src/client/lib/app-inline-type.ts",
    text: 'import { type ApiType } from "#server/app.ts";\n\nexport type Api = ApiType;\n',
  },
  ...["src/server/services/plan/limits.ts", "src/client/lib/flags.ts", "src/shared/plan/flags.ts"].map((file) => ({
    rule: "noProcessEnv",
    case: `${file.split("/").slice(1, 3).join("/")} reads process.env`,
    file,
    text: "export const debug = process.env.DEBUG;\n",
  })),
];

/** Issue 29: a module reaches another folder of the tree through the package's aliases, never by climbing. */
const plantedIssue29: Planted[] = [
  {
    rule: "source-not-to-tests",
    case: "a service imports test data",
    file: "src/server/services/plan/sample-plan.ts",
    text: 'import { persona } from "#tests/support/personas.ts";\n\nexport const sample = persona;\n',
  },
  {
    rule: "noRestrictedImports",
    case: "an import climbs two folders instead of using an alias",
    file: "src/server/services/plan/plan-table.ts",
    text: 'import { table } from "../../db/schema.ts";\n\nexport const planTable = table;\n',
  },
  {
    rule: "noRestrictedImports",
    case: "a test climbs out of src/ to the test support",
    file: "src/server/services/plan/plan-read.test.ts",
    text: 'import { persona } from "../../../../tests/support/personas.ts";\n\nexport const checked = persona;\n',
  },
];

/** The directions issue 24 (row 9) found unchecked: planted, each passed lint before its rule. */
const plantedIssue24: Planted[] = [
  {
    rule: "client-not-to-routes",
    case: "a feature imports a client route",
    file: "src/client/features/plan/back-link.ts",
    text: 'import planRoute from "#client/routes/plan.ts";\n\nexport const back = planRoute;\n',
  },
  {
    rule: "client-not-to-routes",
    case: "components/ imports a client route",
    file: "src/client/components/crumbs.ts",
    text: 'import planRoute from "../routes/plan.ts";\n\nexport const crumbs = planRoute;\n',
  },
  {
    rule: "client-not-to-routes",
    case: "lib/ imports the route table",
    file: "src/client/lib/links.ts",
    text: 'import routes from "../routes.ts";\n\nexport const links = routes;\n',
  },
  {
    rule: "db-imports-no-layer-above",
    case: "db/ imports a service",
    file: "src/server/db/seed.ts",
    text: 'import { readPlan } from "../services/plan/plan-read.ts";\n\nexport const seed = readPlan;\n',
  },
  {
    rule: "db-imports-no-layer-above",
    case: "db/ imports a route",
    file: "src/server/db/paths.ts",
    text: 'import { planPath } from "../routes/plan/plan-path.ts";\n\nexport const path = planPath;\n',
  },
  {
    rule: "db-imports-no-layer-above",
    case: "db/ imports the http plumbing",
    file: "src/server/db/checked.ts",
    text: 'import { validate } from "../http/validation.ts";\n\nexport const checked = validate;\n',
  },
  {
    rule: "db-imports-no-layer-above",
    case: "db/ imports a type of the app",
    file: "src/server/db/api.ts",
    text: 'import type { ApiType } from "../app.ts";\n\nexport type Api = ApiType;\n',
  },
  {
    rule: "shared-only-shared",
    case: "shared imports the test support",
    file: "src/shared/plan/sample.ts",
    text: 'import { persona } from "#tests/support/personas.ts";\n\nexport const sample = persona;\n',
  },
  {
    rule: "no-circular",
    case: "two services import each other",
    file: "src/server/services/plan/plan-a.ts",
    text: 'import { b } from "./plan-b.ts";\n\nexport const a = () => b;\n',
    also: { "src/server/services/plan/plan-b.ts": 'import { a } from "./plan-a.ts";\n\nexport const b = () => a;\n' },
  },
  {
    rule: "no-circular",
    // The shape of context.ts <-> auth/auth.ts that issue 24 found: types only, so nothing fails at run time yet.
    case: "a cycle runs through type-only imports",
    file: "src/server/context.ts",
    text: 'import type { Auth } from "./auth/auth.ts";\n\nexport type Deps = { auth: Auth; weeks: number };\n',
    also: {
      "src/server/auth/auth.ts":
        'import type { Deps } from "../context.ts";\n\nexport type Auth = { name: string };\nexport const weeksOf = (deps: Deps) => deps.weeks;\n',
    },
    // dependency-cruiser names a cycle once, from the module it meets first.
    reported: ["src/server/auth/auth.ts"],
  },
];

/**
 * Issue 57: the folders of the services in a circle that no module cycle shows (reminders' queue imported the digest,
 * the digest imported reminders' claims: two folders, each above the other).
 */
const plantedIssue57: Planted[] = [
  {
    rule: "service-folders-not-circular",
    case: "two service folders import each other through different files",
    file: "src/server/services/quiz/quiz-plan.ts",
    text: 'import { readPlan } from "#server/services/plan/plan-read.ts";\n\nexport const quizPlan = readPlan;\n',
    also: {
      "src/server/services/plan/plan-quiz.ts":
        'import { quizPlan } from "#server/services/quiz/quiz-plan.ts";\n\nexport const planQuiz = quizPlan;\n',
    },
    // Named once, from the first folder of the circle in name order.
    reported: ["src/server/services/plan"],
  },
  {
    rule: "service-folders-not-circular",
    case: "three service folders import each other in a ring",
    file: "src/server/services/quiz/quiz-plan.ts",
    text: 'import { readPlan } from "#server/services/plan/plan-read.ts";\n\nexport const quizPlan = readPlan;\n',
    also: {
      "src/server/services/plan/plan-tokens.ts":
        'import { tokens } from "#server/services/tokens/balance.ts";\n\nexport const planTokens = tokens;\n',
      "src/server/services/tokens/balance.ts":
        'import { quizPlan } from "#server/services/quiz/quiz-plan.ts";\n\nexport const tokens = [quizPlan];\n',
    },
    reported: ["src/server/services/plan"],
  },
];

describe("boundaries checked by npm run lint", () => {
  it("pass a tree that keeps every rule", async () => {
    const { failed, violations, output } = await lint(plant({}));
    expect(violations).toEqual([]);
    expect(failed, output).toBe(false);
  });

  it.each(planted)("fail when $case ($rule)", async ({ rule, file, text }) => {
    const { failed, violations, output } = await lint(plant({ [file]: text }));
    expect(violations).toEqual([`${rule} in ${file}`]);
    expect(failed, output).toBe(true);
  });

  it.each(plantedIssue29)("fail when $case ($rule) (issue 29)", async ({ rule, file, text }) => {
    const { failed, violations, output } = await lint(plant({ [file]: text }));
    expect(violations).toEqual([`${rule} in ${file}`]);
    expect(failed, output).toBe(true);
  });

  it.each(plantedIssue57)("fail when $case ($rule) (issue 57)", async ({ rule, file, text, also, reported }) => {
    const { failed, violations, output } = await lint(plant({ [file]: text, ...also }));
    expect(violations).toEqual((reported ?? [file]).map((from) => `${rule} in ${from}`));
    expect(failed, output).toBe(true);
  });

  it("pass a test that imports back across service folders: tests are leaves (issue 57)", async () => {
    const { failed, violations, output } = await lint(
      plant({
        "src/server/services/quiz/quiz-plan.ts":
          'import { readPlan } from "#server/services/plan/plan-read.ts";\n\nexport const quizPlan = readPlan;\n',
        "src/server/services/plan/plan-read.test.ts":
          'import { quizPlan } from "#server/services/quiz/quiz-plan.ts";\n\nexport const checked = quizPlan;\n',
      }),
    );
    expect(violations).toEqual([]);
    expect(failed, output).toBe(false);
  });

  it.each(plantedIssue24)("fail when $case ($rule) (issue 24 #9)", async ({ rule, file, text, also, reported }) => {
    const { failed, violations, output } = await lint(plant({ [file]: text, ...also }));
    expect(violations).toEqual((reported ?? [file]).map((from) => `${rule} in ${from}`));
    expect(failed, output).toBe(true);
  });
});

describe("one list of the milestone types", () => {
  // Two of the types side by side, in a list or a union: a copy of src/shared/plan/rules.ts's `milestoneTypes` that
  // would not follow when a type is added or renamed there.
  const listing = /["']immediate["']\s*[,|]\s*["']short_term["']/;

  it("is src/shared/plan/rules.ts's; no other source file lists them again (issue 24 #9)", () => {
    const files = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" }).map((file) => `src/${file}`);
    const copies = files.filter(
      (file) =>
        /[.]tsx?$/.test(file) &&
        !/[.]test[.]tsx?$/.test(file) &&
        file !== "src/shared/plan/rules.ts" &&
        listing.test(readFileSync(join(root, file), "utf8")),
    );
    expect(copies).toEqual([]);
  });
});
