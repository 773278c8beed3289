/** Decision 190: the application's analytics, sent once the applicant consents, removed when they withdraw. */
import { apiRequest } from './client';
import { TrackingReplySchema, type TrackingInput, type TrackingReply } from '../../core/wire/tracking.schema';
import * as v from 'valibot';

const trackingPath = (externalId: string) => `application-process/${encodeURIComponent(externalId)}/tracking`;

export function saveTracking(externalId: string, tracking: TrackingInput): Promise<TrackingReply> {
  return apiRequest(trackingPath(externalId), { method: 'PUT', body: { tracking }, schema: TrackingReplySchema });
}

export function deleteTracking(externalId: string): Promise<{ removed: boolean }> {
  return apiRequest(trackingPath(externalId), { method: 'DELETE', schema: v.object({ removed: v.boolean() }) });
}
