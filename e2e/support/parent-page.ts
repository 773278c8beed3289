import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from '../../tests/support/e2e-server';
import { EMBED_DEMO_HTML, EMBED_DEMO_PATH, EMBED_DEMO_SCRIPT, EMBED_DEMO_SCRIPT_PATH, PARENT_HELPER_PATH } from '../../server/sandbox/embed-demo';

/**
 * Issue 25: a partner's page on another loopback origin (another port) for the embedding tests: the
 * reference server's demo parent page (server/sandbox/embed-demo.ts) and the built parent helper
 * (`dist/embed/parent.js`, from `npm run build`), as a partner would host them.
 */
export interface ParentPageServer {
  /** e.g. `http://127.0.0.1:41235` */
  readonly origin: string;
  /** The demo page embedding `src` (the app's address), with an embedded token when given. */
  pageUrl(src: string, token?: string): string;
  close(): Promise<void>;
}

export async function startParentPageServer(): Promise<ParentPageServer> {
  const helper = readFileSync(path.join(REPO_ROOT, 'dist/embed/parent.js'), 'utf8');
  const files: Record<string, { type: string; body: string }> = {
    [EMBED_DEMO_PATH]: { type: 'text/html; charset=utf-8', body: EMBED_DEMO_HTML },
    [EMBED_DEMO_SCRIPT_PATH]: { type: 'text/javascript; charset=utf-8', body: EMBED_DEMO_SCRIPT },
    [PARENT_HELPER_PATH]: { type: 'text/javascript; charset=utf-8', body: helper },
  };
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://parent.invalid').pathname];
    response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
    response.end(file?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    pageUrl: (src, token) => `${origin}${EMBED_DEMO_PATH}?${new URLSearchParams({ src, ...(token ? { token } : {}) }).toString()}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
