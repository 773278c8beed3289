import type { ErrorReport } from './error-report';

/**
 * Structured log lines (one JSON object per line). Callers pass only the fields below: by
 * construction no body, query string, cookie or personal code reaches a log line (issue 2, Access).
 */
export interface RequestLogEntry {
  requestId: string;
  method: string;
  /** The route pattern (`/api/v1/application-process/:externalId/step`), never the concrete URL. */
  route: string;
  status: number;
  durationMs: number;
}

/** An unexpected error: class, code, message and stack with quoted values redacted (error-report.ts). */
export type ErrorLogEntry = ErrorReport & {
  requestId: string;
  route: string;
};

export interface Logger {
  request(entry: RequestLogEntry): void;
  error(entry: ErrorLogEntry): void;
}

/**
 * Decision 207: request lines are written together once per turn of the event loop (one write to
 * stdout for all the requests that ended in it, where each line was a write of its own under load).
 * What is pending is written when the process exits; an error line is written at once.
 */
export function batchedLines(write: (text: string) => unknown): { line(text: string): void; flush(): void } {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    write(text);
  };
  return {
    line(text) {
      if (pending.length === 0) setImmediate(flush);
      pending.push(text);
    },
    flush,
  };
}

let stdoutLines: ReturnType<typeof batchedLines> | undefined;

export function createConsoleLogger(): Logger {
  if (!stdoutLines) {
    stdoutLines = batchedLines((text) => process.stdout.write(text));
    process.once('exit', stdoutLines.flush);
  }
  const requests = stdoutLines;
  return {
    request: (entry) => requests.line(JSON.stringify({ level: 'info', msg: 'request', ...entry })),
    error: (entry) => console.error(JSON.stringify({ level: 'error', msg: 'request failed', ...entry })),
  };
}

export const silentLogger: Logger = { request: () => undefined, error: () => undefined };
