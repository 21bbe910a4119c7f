import type { Auth } from "./auth/auth.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { AiGenerator } from "./services/ai/index.ts";
import type { Billing } from "./services/billing/stripe-client.ts";
import type { GenerationKeeper } from "./services/generation/generation-keeper.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import type { ProofStorage } from "./services/proof/proof-storage.ts";
import type { UploadSlots } from "./services/proof/upload-slots.ts";
import type { Strava } from "./services/strava/strava-service.ts";

/** Everything a request handler may use; built once in main.ts (or by a test). */
export type Deps = {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  auth: Auth;
  ai: AiGenerator;
  billing: Billing;
  /** Where proof photos are kept: DATA_DIR, or an S3-compatible bucket when one is configured. */
  proofStorage: ProofStorage;
  /** Strava (issue 56): the real one, the local stand-in, or null when this deployment offers none. */
  strava: Strava | null;
  /** The proof uploads this instance takes in at once (decision 0116). */
  uploadSlots: UploadSlots;
  /** The plan runs this instance holds, and whether it is stopping (decision 0121). */
  generations: GenerationKeeper;
  /** Set once the instance was told to stop: its health check fails so the proxy sends it nothing new (0121). */
  lifecycle: { draining: boolean };
};

type SessionUser = { id: string; email: string; firstName: string; emailVerified: boolean; createdAt: Date };

export type AppEnv = {
  Variables: {
    deps: Deps;
    log: Logger;
    requestId: string;
    user: SessionUser | null;
    secureHeadersNonce?: string;
  };
};

/** Handlers behind `requireUser` read the user from here. */
export type AuthedEnv = AppEnv & { Variables: { user: SessionUser } };
