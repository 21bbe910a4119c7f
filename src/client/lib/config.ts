import type { PublicConfig } from "#shared/config/public-config.ts";

export const config: PublicConfig = __PUBLIC_CONFIG__;
