/**
 * Setup for the Vitest "node" project (vite.config.ts). Shared by every node-environment suite:
 * keep it minimal. A server process a suite starts runs the bundle made once for the run
 * (vitest-server-bundle.setup.ts), unless the environment names one already.
 */
import { inject } from 'vitest';

process.env.SOLIS_E2E_SERVER_BUNDLE ??= inject('serverBundle');
// The generated paths, made once per run and read by every worker after (decision 214).
process.env.SOLIS_FLOW_PATHS_CACHE ??= inject('flowPathsCache');
