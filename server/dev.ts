import { spawn } from 'node:child_process';
import { createServer } from 'vite';

/**
 * `npm run dev`: the reference API (test mode, so the sandbox controls work) on API_PORT, and Vite's
 * dev server with hot reload on PORT, proxying /api to it (vite.config.ts). Open the printed URL;
 * add `?inspect` to watch every live actor in the Stately inspector.
 */
const apiPort = process.env.API_PORT ?? '8787';
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { SOLIS_MODE: 'test', ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? '.data/pglite-dev' },
});

const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  console.error(`The reference API stopped (exit ${code ?? 'signal'}).`);
  void vite.close().then(() => process.exit(code ?? 1));
});
