import { resolve } from "node:path";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import { listenForSessionChanges } from "./auth/session.ts";
import { loadBuiltSite } from "./built-site.ts";
import type { Deps } from "./context.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { seedPlans } from "./db/seed.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./logger.ts";
import { type AiGenerator, createAiGenerator } from "./services/ai/index.ts";
import { createBilling } from "./services/billing/stripe-client.ts";
import { createGenerationKeeper } from "./services/generation/generation-keeper.ts";
import { createMailer, type Mailer } from "./services/mail/mailer.ts";
import { type ProofStorage, proofStorageFrom } from "./services/proof/proof-storage.ts";
import { createUploadSlots } from "./services/proof/upload-slots.ts";
import { createStrava } from "./services/strava/strava-service.ts";

async function openConfiguredDatabase(env: Env): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
    : openDatabase({ kind: "pglite", dataDir: resolve(env.DATA_DIR) });
}

/** Wires the dependencies and the app; tests pass their own database, mailer or logger. */
/** The mailer the settings describe: the server's, and the operator's commands' (community:admit). */
export function configuredMailer(env: Env, logger: Logger) {
  return createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `${env.publicConfig.appName} <no-reply@${new URL(env.APP_URL).hostname}>`,
    logger,
    production: env.NODE_ENV === "production",
  });
}

export async function buildDeps(
  env: Env,
  overrides: {
    database?: Database;
    mailer?: Mailer;
    logger?: Logger;
    ai?: AiGenerator;
    proofStorage?: ProofStorage;
  } = {},
): Promise<Deps> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const database = overrides.database ?? (await openConfiguredDatabase(env));
  const mailer = overrides.mailer ?? configuredMailer(env, logger);
  const auth = createAuth({ db: database.db, env, mailer, logger });
  const ai = overrides.ai ?? createAiGenerator(env, logger);
  const proofStorage = overrides.proofStorage ?? proofStorageFrom(env);
  const uploadSlots = createUploadSlots({
    bytesAtOnce: env.PROOF_UPLOADS_MB_AT_ONCE * 1024 * 1024,
    perAccount: env.PROOF_UPLOADS_AT_ONCE_PER_ACCOUNT,
  });
  return {
    env,
    database,
    logger,
    mailer,
    auth,
    ai,
    billing: createBilling(env),
    proofStorage,
    strava: createStrava(env, database.db, logger),
    uploadSlots,
    generations: createGenerationKeeper({ database, logger }),
    lifecycle: { draining: false },
  };
}

export async function prepareDatabase(deps: Deps) {
  await deps.database.migrate();
  const { prices } = deps.billing.config;
  await seedPlans(deps.database.db, { monthly: prices.premium_monthly, yearly: prices.premium_yearly });
}

export async function buildServerApp(deps: Deps, options: { serveClient?: boolean } = {}) {
  const site = options.serveClient === false ? undefined : await loadBuiltSite(deps);
  if (!(await listenForSessionChanges(deps))) {
    deps.logger.warn(
      "not yet hearing session changes from other instances: sessions are read on every request until then",
    );
  }
  return createApp(deps, { site });
}
