import type { X509Certificate } from 'node:crypto';
import type { ProviderSource } from '../provider-source';
import type { SmartIdSettings } from '../smart-id/smart-id.settings';
import type { MobileIdSettings } from '../mobile-id/mobile-id.settings';
import { createSmartIdAdapter, type SmartIdAdapter } from '../smart-id/smart-id.adapter';
import { SMART_ID_SIMULATOR } from '../smart-id/smart-id.simulator';
import { createMobileIdAdapter, type MobileIdAdapter } from '../mobile-id/mobile-id.adapter';
import { MOBILE_ID_SIMULATOR } from '../mobile-id/mobile-id.simulator';
import { simulatorCa } from './simulator-ca';

/**
 * The SK ID Solutions parties' adapters (issue 21; docs/decisions/167): at the real party's URL
 * trusting the bank's certificates file, at the simulator trusting the simulator's own CA (made in
 * this process, server/providers/sk-eid/simulator-ca.ts), or none (production without the party:
 * the method is not offered).
 */
export interface SkEidAdapters {
  readonly smartId: SmartIdAdapter | null;
  readonly mobileId: MobileIdAdapter | null;
}

interface Endpoint {
  baseUrl: string;
  trusted: () => Promise<readonly X509Certificate[]>;
  simulatorControlUrl?: string;
}

function endpointOf(
  source: ProviderSource,
  trustedCertificates: readonly X509Certificate[] | null,
  simulatorsOrigin: string | null,
  simulator: { name: string; apiPath: string; party: 'smart-id' | 'mobile-id' },
): Endpoint | null {
  if (source.kind === 'real' && trustedCertificates) return { baseUrl: source.url, trusted: () => Promise.resolve(trustedCertificates) };
  if (source.kind !== 'simulator' || !simulatorsOrigin) return null;
  const base = `${simulatorsOrigin}/${simulator.name}`;
  return {
    baseUrl: `${base}/${simulator.apiPath}`,
    trusted: async () => [(await simulatorCa(simulator.party)).certificate],
    simulatorControlUrl: `${base}/control`,
  };
}

export function createSkEidAdapters(settings: { smartId: SmartIdSettings; mobileId: MobileIdSettings }, simulatorsOrigin: string | null): SkEidAdapters {
  const smartId = endpointOf(settings.smartId.source, settings.smartId.trustedCertificates, simulatorsOrigin, { name: SMART_ID_SIMULATOR, apiPath: 'v2', party: 'smart-id' });
  const mobileId = endpointOf(settings.mobileId.source, settings.mobileId.trustedCertificates, simulatorsOrigin, { name: MOBILE_ID_SIMULATOR, apiPath: 'mid-api', party: 'mobile-id' });
  return {
    smartId: smartId && createSmartIdAdapter({ ...smartId, relyingPartyUuid: settings.smartId.relyingPartyUuid, relyingPartyName: settings.smartId.relyingPartyName }),
    mobileId: mobileId && createMobileIdAdapter({ ...mobileId, relyingPartyUuid: settings.mobileId.relyingPartyUuid, relyingPartyName: settings.mobileId.relyingPartyName }),
  };
}
