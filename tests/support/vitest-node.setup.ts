/**
 * Setup for the Vitest "node" project (vite.config.ts). Shared by every node-environment suite:
 * keep it minimal. Intentionally empty for now; suites import what they need.
 */
export {};
