/** The view model apart from the machine: the screen takes only this selector (the machine loads with the step's logic). */
import type { AppError } from '../../core/domain/app-error';
import type { DocumentDownloadSnapshot } from './document-download.machine';

export type DocumentDownloadStatus = 'idle' | 'downloading' | 'downloaded' | 'failed';

/** The view model: what the download control shows (the view and the tests use the same selector). */
export function documentDownloadView(snapshot: DocumentDownloadSnapshot | undefined): { status: DocumentDownloadStatus; error: AppError | null } {
  if (!snapshot) return { status: 'idle', error: null };
  const status = (['downloading', 'downloaded', 'failed'] as const).find((state) => snapshot.matches(state)) ?? 'idle';
  return { status, error: snapshot.context.error };
}
