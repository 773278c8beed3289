import type { FieldTable, FormValues } from './fields';
import type { ContractContext, StepContract } from './step-contract';

/**
 * One step's contract whose table depends on the context as a whole (the corporate form of a step
 * the retail domains ask differently): each call is answered by the contract `pick` chooses for
 * that context, so the server, the generated index and the generic test see one contract.
 */
export function contractByContext(pick: (context: ContractContext) => StepContract): StepContract {
  return {
    fields: (context) => pick(context).fields(context),
    example: (context) => pick(context).example?.(context) as FormValues<FieldTable>,
    formSchema: (context) => pick(context).formSchema(context),
    toPayload: (values, context) => pick(context).toPayload(values, context),
    payloadSchema: (context) => pick(context).payloadSchema(context),
    fieldOfPath: (wirePath, context) => pick(context).fieldOfPath(wirePath, context),
    initialValues: (context, saved) => pick(context).initialValues(context, saved),
  };
}
