import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** A line saying what is being loaded or done, with a spinner, heard by screen readers (`role="status"`). */
export function Busy({ text }: { text: ReactNode }) {
  return (
    <p className="solis-loading-inline" role="status">
      <Spinner size="small" /> {text}
    </p>
  );
}
