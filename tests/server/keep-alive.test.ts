/**
 * Decision 242: the server keeps an idle keep-alive connection open 65 s, longer than a proxy in
 * front keeps its own (60 s), so the other side closes first and no request is sent on a connection
 * the server is closing (a browser test's API call failed with ECONNRESET under Node's 5 s).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSolisServer } from '../support/e2e-server';
import { pgliteTemplate } from '../support/pglite-template';

const scratch = mkdtempSync(path.join(tmpdir(), 'solis-keep-alive-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** One GET on a kept-alive connection: its status, the Keep-Alive header and the socket it used. */
function get(url: string, agent: Agent): Promise<{ status: number; keepAlive: string | undefined; socket: object }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (response) => {
      response.resume();
      const header = response.headers['keep-alive'];
      response.on('end', () => resolve({ status: response.statusCode ?? 0, keepAlive: Array.isArray(header) ? header.join(', ') : header, socket: req.socket as object }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('idle connections (decision 242)', () => {
  it('are kept 65 s: the server says so, and a request after some idle seconds goes on the same connection', async () => {
    const dataDir = path.join(scratch, 'pgdata');
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const server = await startSolisServer({ dataDir });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${server.url}/api/health/live`, agent);
      expect(first.keepAlive).toBe('timeout=65');
      // Past Node's default of 5 s, which closed the connection under the browser test.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const second = await get(`${server.url}/api/health/live`, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await server.stop();
    }
  }, 60_000);
});
