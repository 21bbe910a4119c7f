import type { PublicConfig } from "../shared/config/public-config.ts";

declare global {
  /** Replaced at build time by vite.config.ts with the public settings. */
  const __PUBLIC_CONFIG__: PublicConfig;
}
