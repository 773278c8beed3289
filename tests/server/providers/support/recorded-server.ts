import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * A tiny loopback server replaying recorded answers of the public documentation (issue 21; decision
 * 168): an OpenID provider whose answers are the specifications' examples. It publishes its own
 * metadata (issuer = its origin) and an ES256 key, unless a test replaces them.
 */
export interface RecordedAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface RecordedServer {
  readonly origin: string;
  /** The answer to requests whose path is `path` (any method). */
  answer(path: string, answer: RecordedAnswer): void;
  /** The requests received, newest last. */
  readonly received: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  /** An ID token signed with the server's published key. */
  idToken(claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

export const recorded = (file: URL): RecordedAnswer & { source: string } => JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer & { source: string };

export async function startRecordedServer(metadata: Record<string, unknown> = {}): Promise<RecordedServer> {
  const { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: 'recorded-key', alg: 'ES256', use: 'sig' };
  const answers = new Map<string, RecordedAnswer>();
  const received: RecordedServer['received'] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', origin).pathname;
      received.push({ method: request.method ?? 'GET', path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const defaults: Record<string, RecordedAnswer> = {
        '/.well-known/openid-configuration': {
          status: 200,
          body: { issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, jwks_uri: `${origin}/jwks`, code_challenge_methods_supported: ['S256'], ...metadata },
        },
        '/jwks': { status: 200, body: { keys: [jwk] } },
      };
      const answer = answers.get(path) ?? defaults[path] ?? { status: 404, body: { error: 'not_found' } };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.unref();
  return {
    origin,
    received,
    answer: (path, answer) => void answers.set(path, answer),
    idToken(claims) {
      const input = `${Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'recorded-key', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fetcher that sends requests for `from` (a documentation example's host) to the recorded server. */
export const routedTo = (from: string, to: string): typeof fetch => (input, init) => fetch(String(input).replace(from, to), init);
