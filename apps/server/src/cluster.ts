import cluster from "node:cluster";

interface Log {
  info(msg: string): void;
  error(msg: string): void;
}

/** More deaths than this per process within a minute: something is wrong at start, stop trying. */
const DEATHS_PER_MINUTE = 5;
/** How long the app processes have to finish what they serve once asked to stop. */
const STOP_GRACE_MS = 15_000;
/** What the primary sends its app processes to have them stop gracefully (serve.ts). */
export const SHUTDOWN_MESSAGE = "shop:shutdown";

/**
 * WEB_CONCURRENCY=N with PostgreSQL (decision 031): this process starts N app processes that
 * share its port (node's cluster), starts another when one dies, and on SIGTERM/SIGINT asks
 * them to stop (a message, not a signal: a service manager signals every process of the
 * service at once, and a second signal would cut their graceful stop short), ending when they
 * all have. It opens no database and serves nothing itself (about 70 MB).
 */
export function runPrimary(count: number, log: Log): void {
  let stopping = false;
  const deaths: number[] = [];

  // The processes accept from the shared socket themselves (the kernel's queue), not through
  // this one's round robin: a connection handed to a process the moment it was killed (the
  // system's OOM killer in a crowd) would hang there, never passed to another (decision 031).
  // NODE_CLUSTER_SCHED_POLICY=rr gives the round robin back.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("online", (worker) => log.info(`App process ${worker.process.pid} started`));
  cluster.on("listening", (worker) => log.info(`App process ${worker.process.pid} serving`));

  const running = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const stopAll = () => {
    for (const worker of running()) {
      try {
        worker.send(SHUTDOWN_MESSAGE);
      } catch {
        worker.process.kill("SIGTERM"); // its channel is already closed
      }
    }
    setTimeout(() => {
      for (const worker of running()) worker.process.kill("SIGKILL");
    }, STOP_GRACE_MS).unref();
    if (running().length === 0) process.exit(process.exitCode ?? 0);
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0)
        log.error(`App process ${worker.process.pid} ended with ${signal ?? `code ${code}`} while stopping`);
      if (running().length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while ((deaths[0] ?? now) < now - 60_000) deaths.shift();
    if (deaths.length > DEATHS_PER_MINUTE * count) {
      log.error(`App processes keep ending (${deaths.length} in a minute): stopping`);
      stopping = true;
      process.exitCode = 1;
      stopAll();
      return;
    }
    log.error(`App process ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting another`);
    cluster.fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping the app processes`);
    stopAll();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
