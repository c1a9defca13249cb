#!/usr/bin/env node
/**
 * `npm start`: builds whatever module has no live version in the deployment
 * store, then runs ONE process on http://localhost:${PORT:-8080} serving the
 * API, /uploads, the shell and the remotes, on embedded PGlite (or
 * DATABASE_URL) seeded with demo data on first start.
 */
import { spawn } from 'node:child_process';
import { buildModules } from './build-store.mjs';
import { ROOT, bin } from './lib.mjs';

const port = Number(process.env.PORT ?? 8080);

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`RoomNest needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

try {
  const built = await buildModules({ missing: true });
  if (built) console.info(`[start] built ${built} module(s) into the deployment store`);
} catch (err) {
  console.error(`[start] build failed: ${err.message}`);
  process.exit(1);
}

const api = spawn(bin('tsx'), ['api/src/main.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PORT: String(port) } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// Announce the URL once the server answers its health check.
const deadline = Date.now() + 120_000;
while (Date.now() < deadline && api.exitCode === null) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (res.ok) {
      console.info(`\n  RoomNest is running at http://localhost:${port}\n`);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 300));
}
