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

export function createConsoleLogger(): Logger {
  return {
    request: (entry) => console.info(JSON.stringify({ level: 'info', msg: 'request', ...entry })),
    error: (entry) => console.error(JSON.stringify({ level: 'error', msg: 'request failed', ...entry })),
  };
}

export const silentLogger: Logger = { request: () => undefined, error: () => undefined };
