#!/usr/bin/env node
/**
 * `npm run dev`: the API (restarts on change) and a Vite dev server with HMR
 * for the shell and every remote. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import { MODULES, ROOT, bin } from './lib.mjs';

const apiPort = process.env.DEV_API_PORT ?? '3000';
const colours = [36, 35, 33, 32, 34, 31, 90];
const children = [];

function start(label, cmd, args, env = {}) {
  const colour = colours[children.length % colours.length];
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `\x1b[${colour}m${label.padEnd(12)}\x1b[0m│ `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code) => console.info(`${prefix}exited (${code})`));
  children.push(child);
}

// The API's output reaches the terminal through a pipe (prefixed above), where it would log JSON: readable lines, with
// colours, when this runs in a terminal, unless LOG_FORMAT says otherwise.
const apiLogs = process.stdout.isTTY ? { LOG_FORMAT: process.env.LOG_FORMAT || 'pretty', ...(process.env.NO_COLOR === undefined ? { FORCE_COLOR: '1' } : {}) } : {};
start('api', bin('tsx'), ['watch', 'api/src/main.ts'], { PORT: apiPort, DEV_API_ORIGIN: `http://localhost:${apiPort}`, ...apiLogs });
for (const mod of MODULES) start(mod.pkg, bin('vite'), ['--config', `${mod.pkg}/vite.config.ts`], { DEV_API_ORIGIN: `http://localhost:${apiPort}` });

console.info('\n  RoomNest dev: http://localhost:5173 (API on :%s)\n', apiPort);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
