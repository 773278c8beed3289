import type { FlagService } from '../features/flag-service';
import type { SolisConfig } from '../config';
import type { Database } from '../db/database';
import type { WriteObserver } from '../db/housekeeping';
import type { CaptchaVerifier } from '../captcha/captcha-verifier';
import type { Logger } from './logger';
import type { Providers } from '../providers/providers';

/**
 * Who owns what a request reads and writes: the cookie session or the bearer token's subject.
 * `channel`: a server-to-server channel's application before its applicant opened its one-time link
 * (decision 188); no request is ever this owner.
 */
export interface Owner {
  kind: 'session' | 'subject' | 'channel';
  id: string;
}

/**
 * Who is calling. `anonymous`: no live session and no token; a session is created only when a
 * reply needs one (issue 9: a cookie-less flood must not write a session row per request).
 */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'session'; owner: Owner; expiresAt: Date; authenticated: boolean }
  | { kind: 'bearer'; owner: Owner; userGroups: readonly string[]; expiresAt: Date };

/** Hono's per-request variables, typed. */
export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal;
    /** A route's own Content-Security-Policy instead of the app's (issue 25: the test-mode demo parent page). */
    contentSecurityPolicy?: string;
  };
}

export type Clock = () => Date;

/** What every route module receives: configuration and I/O, so tests can provide their own. */
export interface AppDeps {
  config: SolisConfig;
  db: Database;
  clock: Clock;
  logger: Logger;
  captcha: CaptchaVerifier;
  /** The outside parties' adapters (issue 21): real, or simulated outside production. */
  providers: Providers;
  /** Section 6's flags (decision 191): every reader asks this check-flag service, never the configuration. */
  flags: FlagService;
  /** Told about draft writes, so housekeeping can vacuum PGlite under a flood (db/housekeeping.ts). */
  writes: WriteObserver;
}
