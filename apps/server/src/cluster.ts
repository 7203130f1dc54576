import cluster from "node:cluster";

interface Log {
  info(msg: string): void;
  error(msg: string): void;
}

/** More deaths than this per process within a minute: something is wrong at start, stop trying. */
const DEATHS_PER_MINUTE = 5;

/**
 * WEB_CONCURRENCY=N with PostgreSQL (decision 031): this process starts N app processes that
 * share its port (node's cluster), starts another
 * when one dies, and passes SIGTERM/SIGINT on to them, ending when they all have. It opens no
 * database and serves nothing itself, so it costs a few MB.
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
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while ((deaths[0] ?? now) < now - 60_000) deaths.shift();
    if (deaths.length > DEATHS_PER_MINUTE * count) {
      log.error(`App processes keep ending (${deaths.length} in a minute): stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    log.error(`App process ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting another`);
    cluster.fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping the app processes`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
