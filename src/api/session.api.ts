/** Section 7: session calls. Each reply also carries the expiry header the client broadcasts. */
import { apiRequest } from './client';
import { HeartbeatSchema, SessionInfoSchema } from '../../core/wire/process.schema';
import type { SessionInfo } from '../../core/wire/process.schema';
import type { CallOptions } from './application.api';

/** GET /api/v1/session */
export function getSession(options: CallOptions = {}): Promise<SessionInfo> {
  return apiRequest('session', { schema: SessionInfoSchema, signal: options.signal });
}

/** GET /api/v1/session/extend: slides the expiry. */
export function extendSession(options: CallOptions = {}): Promise<SessionInfo> {
  return apiRequest('session/extend', { schema: SessionInfoSchema, signal: options.signal });
}

/** GET /api/session/heartbeat (on the bare /api/ base). */
export async function heartbeat(options: CallOptions = {}): Promise<boolean> {
  const { alive } = await apiRequest('session/heartbeat', { base: 'api', schema: HeartbeatSchema, signal: options.signal });
  return alive;
}
