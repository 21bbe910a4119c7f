import type { PublicConfig } from "../../shared/public-config.ts";

export const config: PublicConfig = __PUBLIC_CONFIG__;
