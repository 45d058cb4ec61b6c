/**
 * `npm run cluster`: nginx in front of several production server processes (`npm run build` first)
 * on one fresh PostgreSQL database with the demo data, as a site behind a load balancer: round
 * robin, no sticky sessions, TRUST_PROXY=1 so each process takes the client's address from the
 * X-Forwarded-For entry nginx appends. Runs until stopped (Ctrl-C, SIGTERM), then stops nginx and
 * the processes and drops the database. The end-to-end tests run through it with E2E_CLUSTER=1.
 *
 *   npm run cluster -- --port 3380 --processes 3
 *
 * nginx (Debian's package: scripts/ensure-nginx.sh) runs as the current user, in the foreground,
 * with its configuration, pid file, logs and temporary files in a temporary directory. The
 * processes get this script's environment (rate limits, REDIS_URL …) but for the database, their
 * ports, DATA_DIRs (one each) and PUBLIC_URL (nginx's address).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServerProcesses } from "../tests/server-processes";
import { runScript, ScriptError } from "./run-script";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
/**
 * How long nginx keeps an idle connection to a process for the next request: shorter than the
 * processes' own keep-alive (65 s, server/http-server.ts), so that nginx, never the process, closes
 * an idle one; otherwise a request can be sent on a socket the process is closing at that moment.
 */
const UPSTREAM_KEEPALIVE_S = 60;

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3380" },
    processes: { type: "string", default: "2" },
  },
});

await runScript(async () => {
  const port = Number(values.port);
  const count = Number(values.processes);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new ScriptError(`--port ${values.port}: not a port`);
  if (!Number.isInteger(count) || count < 1) throw new ScriptError(`--processes ${values.processes}: at least 1`);
  if (!existsSync(NGINX))
    throw new ScriptError(`nginx is not at ${NGINX}: run bash scripts/ensure-nginx.sh (or set NGINX_PATH).`);

  const publicUrl = `http://127.0.0.1:${port}`;
  const ports = Array.from({ length: count }, (_, i) => port + 1 + i);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== "DATABASE_URL",
    ),
  );
  const cluster = await startServerProcesses({ ports, env: { ...env, TRUST_PROXY: "1", PUBLIC_URL: publicUrl } });

  const dir = mkdtempSync(path.join(tmpdir(), "carwash-nginx-"));
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig({ dir, port, upstreams: ports }));
  const nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopNginx(nginx);
    await cluster.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  nginx.once("exit", (code) => {
    if (stopping) return;
    console.error(`nginx exited (${code}); see its configuration and log in ${dir}.`);
    void stop(1);
  });

  try {
    await waitUntilServed(`${publicUrl}/api/health`, nginx);
  } catch (error) {
    console.error((error as Error).message);
    await stop(1);
  }
  console.log(
    `Cluster on ${publicUrl}: nginx (round robin) → ${count} server process${count > 1 ? "es" : ""} on ports ` +
      `${ports.join(", ")}, one PostgreSQL database (${new URL(cluster.databaseUrl).pathname.slice(1)}). Ctrl-C stops it.`,
  );
});

function nginxConfig({ dir, port, upstreams }: { dir: string; port: number; upstreams: number[] }): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `# Written by scripts/cluster.ts
daemon off;
worker_processes 1;
# A graceful stop (or reload) waits for open requests, and the live board's streams never end by
# themselves: after this, nginx closes them (the browsers reconnect).
worker_shutdown_timeout 2s;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
${process.getuid?.() === 0 ? `user ${userInfo().username};` : ""}
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  # The site takes uploads of up to 50 MB and answers bigger ones itself.
  client_max_body_size 60m;

  upstream carwash {
    ${upstreams.map((p) => `server 127.0.0.1:${p};`).join("\n    ")}
    keepalive 32;
    keepalive_timeout ${UPSTREAM_KEEPALIVE_S}s;
  }

  server {
    listen 127.0.0.1:${port};
    # The admins' live board (Server-Sent Events): each event passed on at once, and a read timeout
    # well above the stream's 20 s heartbeat (the server also sends X-Accel-Buffering: no).
    location = /api/board/events {
      proxy_pass http://carwash;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://carwash;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`;
}

async function waitUntilServed(url: string, nginx: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}) while starting.`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not serve ${url} within 30 s.`);
}

/** SIGQUIT: nginx finishes the requests it is serving, then exits. */
async function stopNginx(nginx: ChildProcess) {
  if (nginx.exitCode !== null || nginx.signalCode !== null) return;
  const exited = new Promise((resolve) => nginx.once("exit", resolve));
  nginx.kill("SIGQUIT");
  const force = setTimeout(() => nginx.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(force);
}
