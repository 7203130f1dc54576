/**
 * The benches' child processes (servers, load generators): each tracked from its start, so
 * that none outlives the bench, whether it ends, fails or is interrupted.
 */
import { type ChildProcess, type ForkOptions, fork } from "node:child_process";

const children = new Set<ChildProcess>();

/** `node <script>` as a child with an IPC channel, tracked until it exits. */
export function forkChild(script: string, args: string[], options: ForkOptions): ChildProcess {
  const proc = fork(script, args, options);
  children.add(proc);
  proc.once("exit", () => children.delete(proc));
  return proc;
}

export function killChildren(): void {
  for (const c of children) c.kill("SIGKILL");
}

/** Asks a child to stop (`{ type: "stop" }`: it closes its server), SIGKILL after `killAfterMs`; resolves once it exited. */
export async function stopChild(proc: ChildProcess, killAfterMs: number): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((resolve) => proc.once("exit", resolve));
  proc.send({ type: "stop" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), killAfterMs);
  await gone;
  clearTimeout(timer);
}

/**
 * Kills the children left when the bench exits; on Ctrl-C or SIGTERM, kills them and runs
 * `cleanUp` (stopping the shop's servers, dropping the bench's PostgreSQL databases, removing
 * temporary folders) for at most `graceMs`, then exits with 130.
 */
export function cleanUpOnInterrupt(cleanUp: () => Promise<unknown>, graceMs: number): void {
  process.on("exit", killChildren);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killChildren();
      const timer = setTimeout(() => process.exit(130), graceMs);
      cleanUp().finally(() => {
        clearTimeout(timer);
        process.exit(130);
      });
    });
  }
}
