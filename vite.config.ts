import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { publicConfigFromEnv } from "./src/shared/config/public-config.ts";

const publicConfig = publicConfigFromEnv(process.env);
if (!publicConfig.success) {
  throw new Error(
    `Invalid public settings: ${publicConfig.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
  );
}

const apiPort = Number(process.env.API_PORT ?? 3001);
const toApiServer = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

/**
 * The screen-time reader's language data comes gzip-compressed (decision 0160); the server takes a name ending in .gz
 * for another file's compressed copy and would not serve it, so those bytes keep another name.
 */
function assetFileNames(asset: { names: string[] }) {
  return asset.names.some((name) => name.endsWith(".traineddata.gz"))
    ? "assets/[name]-[hash].bin"
    : "assets/[name]-[hash][extname]";
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __PUBLIC_CONFIG__: JSON.stringify(publicConfig.data) },
  build: { rolldownOptions: { output: { assetFileNames } } },
  // The screen-time reader's worker imports the language data: its bundle has output options of its own.
  worker: { rolldownOptions: { output: { assetFileNames } } },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // The API, and the pages the API server serves itself in test mode: the Stripe stand-in's checkout and portal,
    // where APP_URL (this server) sends the Premium page; without them Vite answered the app's 404 (issue 53 row 14).
    proxy: { "/api": toApiServer, "/test-checkout/": toApiServer, "/test-portal/": toApiServer },
  },
});
