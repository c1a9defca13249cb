/**
 * A clean stop on SIGTERM or SIGINT, for the server (main.ts) and a job worker (worker.ts): `stop` runs once,
 * then the process exits 0; it exits 1 if `stop` fails or takes longer than `graceMs` (what is left is cut off).
 */
export function stopOnSignals(name: string, graceMs: number, stop: (signal: string) => Promise<void>, whenLate = ''): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`[${name}] stopping took longer than ${graceMs} ms: exiting${whenLate}`);
      process.exit(1);
    }, graceMs).unref();
    try {
      await stop(signal);
      process.exit(0);
    } catch (err) {
      console.error(`[${name}] stop failed:`, err);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
