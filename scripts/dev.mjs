#!/usr/bin/env node
// Development: Vite on :3000 (hot reload) proxying /api and /apx to a watching Fastify on :3001.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bin, repo } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(bin('tsx'), ['watch', '--conditions=source', 'apps/server/src/main.ts'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' },
  }),
  spawn(bin('vite'), [], {
    cwd: path.join(repo, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
