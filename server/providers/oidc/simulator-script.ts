import { ProviderError } from '../provider-http';

/**
 * Test mode: tells a simulator which answer its page has chosen for a state. A control of the
 * simulator, not a call of the protocol: form-encoded, so the host's fault controls (which spoil
 * the protocol's JSON calls) leave it alone.
 */
export async function scriptSimulator(simulatorBase: string, state: string, outcome: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${simulatorBase}/control/script`, { method: 'POST', body: new URLSearchParams({ state, outcome }), headers: { accept: 'text/plain' }, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new ProviderError('simulator', 'unreachable', `its script control could not be reached (${error instanceof Error ? error.name : 'unknown'})`);
  }
  if (!response.ok) throw new ProviderError('simulator', 'status', `its script control answered HTTP ${response.status}`, response.status);
}
