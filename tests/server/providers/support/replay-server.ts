import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A tiny loopback HTTP server that answers with recorded answers of a provider's documentation
 * (tests/server/providers/<party>/recorded/*.json), one per request in the order queued, and keeps
 * the requests it received so a test can check what the adapter sent.
 */
export interface RecordedAnswer {
  /** Where the documentation shows it. */
  source: string;
  status: number;
  body: unknown;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface ReplayServer {
  readonly origin: string;
  readonly received: ReceivedRequest[];
  /** Answers the next requests with these, in order. */
  queue(...answers: RecordedAnswer[]): void;
  close(): Promise<void>;
}

/** Every recorded answer of a folder by file name (without `.json`). */
export function readRecorded(folder: string): Record<string, RecordedAnswer> {
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as RecordedAnswer]),
  );
}

/** The recorded answer with `{{name}}` placeholders in its body filled in (material the test makes: a certificate, a signature). */
export function filled(answer: RecordedAnswer, values: Record<string, string>): RecordedAnswer {
  const text = JSON.stringify(answer.body).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`No value for {{${name}}}`);
    return values[name]!;
  });
  return { ...answer, body: JSON.parse(text) as unknown };
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startReplayServer(): Promise<ReplayServer> {
  const answers: RecordedAnswer[] = [];
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      received.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, body });
      const answer = answers.shift();
      response.writeHead(answer?.status ?? 599, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer?.body ?? { error: 'no recorded answer queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    queue: (...next) => answers.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
