import { spawn } from 'node:child_process';
import { createServer, type Plugin } from 'vite';
import { pathPlanResponse } from '../tests/paths/path-session';

/**
 * `npm run dev`: the reference API (test mode, so the sandbox controls work) on API_PORT, and Vite's
 * dev server with hot reload on PORT, proxying /api to it (vite.config.ts). Open the printed URL;
 * add `?inspect` to watch every live actor in the Stately inspector, and `?inspect&path=<id>` to walk a
 * generated path (issue 27, tests/paths/path-session.ts): `/__paths/<id>` answers its plan.
 */
const apiPort = process.env.API_PORT ?? '8787';
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { SOLIS_MODE: 'test', ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? '.data/pglite-dev' },
});

// A plugin's configureServer runs before Vite's own middlewares (its index.html fallback included).
const pathPlans: Plugin = {
  name: 'solis-path-plans',
  configureServer(server) {
    server.middlewares.use('/__paths/', (request, response) => {
      const { status, body } = pathPlanResponse(decodeURIComponent((request.url ?? '/').slice(1)), process.env.BUSINESS_DOMAIN ?? 'retail-banking-ee');
      response.statusCode = status;
      response.setHeader('content-type', status === 200 ? 'application/json' : 'text/plain; charset=utf-8');
      response.end(body);
    });
  },
};
const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) }, plugins: [pathPlans] });
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
