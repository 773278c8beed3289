/**
 * Section 7's identity calls (issue 13; decision 157). Only the IdentifyCustomer step uses them, so
 * this module loads with that step, not with the first page (src/app/step-actors.ts).
 */
import type { CallOptions } from './application.api';
import { apiRequest } from './client';
import {
  RemoteIdentificationStateSchema,
  StartedRemoteIdentificationSchema,
  type RemoteIdentificationState,
  type StartedRemoteIdentification,
} from '../../core/wire/identity.schema';

const identityPath = (externalId: string) => `identity/${encodeURIComponent(externalId)}`;

/** Starts a remote identification; answers where the browser goes next (the provider). */
export function startRemoteIdentification(externalId: string, languageCode: string, options: CallOptions = {}): Promise<StartedRemoteIdentification> {
  return apiRequest(identityPath(externalId), { method: 'POST', body: { languageCode }, schema: StartedRemoteIdentificationSchema, signal: options.signal });
}

/** The remote identification's status, whether the bank asks for it here, and whether the applicant is identified. */
export function remoteIdentificationState(externalId: string, options: CallOptions = {}): Promise<RemoteIdentificationState> {
  return apiRequest(`${identityPath(externalId)}/status`, { schema: RemoteIdentificationStateSchema, signal: options.signal });
}
