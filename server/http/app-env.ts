import type { SolisConfig } from '../config';
import type { Database } from '../db/database';
import type { Logger } from './logger';

/** Who owns what a request reads and writes: the cookie session or the bearer token's subject. */
export interface Owner {
  kind: 'session' | 'subject';
  id: string;
}

export type Principal =
  | { kind: 'session'; owner: Owner; expiresAt: Date }
  | { kind: 'bearer'; owner: Owner; userGroups: readonly string[]; expiresAt: Date };

/** Hono's per-request variables, typed. */
export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal;
  };
}

export type Clock = () => Date;

/** What every route module receives: configuration and I/O, so tests can provide their own. */
export interface AppDeps {
  config: SolisConfig;
  db: Database;
  clock: Clock;
  logger: Logger;
}
