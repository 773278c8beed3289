import { toAppError } from './client';

/**
 * Runs an API call and rejects with the machines' typed `AppError` rather than an exception, so a
 * machine's `onError` receives the union it declares.
 */
export async function rejectingWithAppError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}
