import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureApiClient, resetApiClient, type ApiClientConfig } from '../../src/api/client';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type Reply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  /** Destroys the socket: the client sees a network error. */
  | { dropConnection: true };

/**
 * A real HTTP server on loopback that answers queued replies in order (the last one repeats), so
 * the client is exercised through the real fetch and ofetch, headers and all.
 */
export async function startTestServer() {
  const requests: RecordedRequest[] = [];
  let replies: Reply[] = [{ json: { data: null } }];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://localhost'),
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      });
      const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
      if ('dropConnection' in reply) {
        req.socket.destroy();
        return;
      }
      const send = () => answer(res, reply);
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replies for the next requests, in order; the last one answers every request after. */
    reply(...next: Reply[]) {
      replies = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, reply: Exclude<Reply, { dropConnection: true }>) {
  if (res.destroyed) return;
  const headers = { ...reply.headers };
  if (reply.json !== undefined) headers['content-type'] = 'application/json';
  res.writeHead(reply.status ?? 200, headers);
  res.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? ''));
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The test server of this file: started once, closed after; before each test the API client is
 * reset and pointed at it (with `client` settings) and the recorded requests are cleared.
 */
export function useTestServerWithClient(client: Partial<ApiClientConfig> = {}): Pick<TestServer, 'url' | 'requests' | 'reply'> {
  let server: TestServer | undefined;
  const started = () => {
    if (!server) throw new Error('The test server starts in beforeAll.');
    return server;
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    resetApiClient();
    configureApiClient({ ...client, baseUrl: started().url });
    started().requests.length = 0;
  });
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    reply: (...next: Reply[]) => started().reply(...next),
  };
}
