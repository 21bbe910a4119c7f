import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The first port the kernel gives the source side of outgoing connections (Linux; 32768 elsewhere). */
function ephemeralStart() {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a server started a moment later; with `alsoFree`,
 * the ports at those offsets above it are free too (an e2e server's SMTP sink and mail API take +5 and +6). It is
 * chosen below the kernel's range for outgoing connections: a port from that range (what listening on port 0 gives)
 * can become the source port of one of the many connections to PostgreSQL before the server binds it, and HAProxy
 * once failed to start in CI so ("Address already in use"). The ports up to +6 above it stay below the range too.
 */
export async function freePort(options: { alsoFree?: readonly number[] } = {}): Promise<number> {
  const high = ephemeralStart() - 10;
  const low = Math.max(1024, high - 12_000);
  const offsets = options.alsoFree ?? [];
  const othersFree = async (port: number) =>
    (await Promise.all(offsets.map((offset) => listenOn(port + offset)))).every(Boolean);
  if (high - low >= 1000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await listenOn(low + Math.floor(Math.random() * (high - low)));
      if (port && (await othersFree(port))) return port;
    }
  }
  const any = await listenOn(0);
  if (!any || !(await othersFree(any))) throw new Error("no free TCP port on 127.0.0.1");
  return any;
}
