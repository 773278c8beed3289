import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ContractDetails } from '../../core/wire/contract.schema';
import { asAppError, type AppError } from '../../core/domain/app-error';
import type { StepLogicInput } from '../application/application.actors';

/**
 * ViewContractAndChooseSigningMethod's reading of the contract (issue 12, section 7 contract
 * details): the figures, the PDF's fileServiceId and the expected signing date. A failed read is
 * said on the page and tried again on request; the signing choice waits for it.
 */
export interface ContractRef {
  externalId: string;
}

export interface ContractDetailsContext {
  externalId: string | null;
  details: ContractDetails | null;
  error: AppError | null;
}

export type ContractDetailsEvent = { type: 'contract.retried' };

export const contractDetailsMachine = setup({
  types: {
    context: {} as ContractDetailsContext,
    events: {} as ContractDetailsEvent,
    input: {} as Pick<StepLogicInput, 'externalId'>,
  },
  actors: {
    loadContractDetails: fromPromise<ContractDetails, ContractRef>(async () => {
      throw new Error('The loadContractDetails actor is provided by the app');
    }),
  },
}).createMachine({
  id: 'contractDetails',
  context: ({ input }) => ({ externalId: input.externalId, details: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadContractDetails',
        input: ({ context }) => ({ externalId: context.externalId ?? '' }),
        onDone: { target: 'ready', actions: assign({ details: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asAppError(event.error) }) },
      },
    },
    loadFailed: { on: { 'contract.retried': { target: 'loading', actions: assign({ error: null }) } } },
    ready: {},
  },
});

export type ContractDetailsSnapshot = SnapshotFrom<typeof contractDetailsMachine>;
