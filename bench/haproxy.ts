/**
 * HAProxy (Debian's package) in front of app servers, for the several-servers test
 * (e2e/several-servers/environment.ts) and bench (servers-bench.ts): round robin, health checks
 * on /api/health, the client's address forwarded, the answering server named in `x-served-by`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";

export function startHaproxy(options: {
  port: number;
  /** Name and `host:port` of each app server. */
  servers: { name: string; host: string }[];
  /** Where to write its configuration. */
  configFile: string;
  /** How often each server's health is checked. */
  checkEvery?: string;
  stdio?: "inherit" | "pipe";
}): ChildProcess {
  writeFileSync(
    options.configFile,
    `global
  maxconn 8192

defaults
  mode http
  option forwardfor
  option redispatch
  retries 2
  timeout connect 1s
  timeout client 30s
  timeout server 30s

frontend shop
  bind 127.0.0.1:${options.port}
  default_backend apps

backend apps
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter ${options.checkEvery ?? "1s"} fall 2 rise 2
  http-response set-header x-served-by %s
${options.servers.map((s) => `  server ${s.name} ${s.host} check`).join("\n")}
`,
  );
  // Debian puts it in /usr/sbin, which not every PATH holds.
  const bin = existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";
  return spawn(bin, ["-db", "-f", options.configFile], {
    stdio: ["ignore", options.stdio ?? "inherit", options.stdio ?? "inherit"],
  });
}
