import type * as v from 'valibot';
import type { BusinessDomain } from '../../domain/business-domains';
import type { TaskKey } from '../../domain/task-keys';
import { createApplicationStepPayloadSchema } from './steps/create-application-step.schema';

/**
 * The `application` part of each step's submission, by task key: the client builds it, the
 * reference API validates it with the same schema. `null` for steps that send nothing.
 */
export const STEP_PAYLOAD_SCHEMAS: Record<TaskKey, ((domain: BusinessDomain) => v.GenericSchema) | null> = {
  createApplicationStep: createApplicationStepPayloadSchema,
  viewThankYouPage: null,
};
