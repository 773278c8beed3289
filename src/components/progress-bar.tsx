import { useLingui } from '@lingui/react/macro';
import './progress-bar.css';

export interface ProgressBarProps {
  /** Section 4: 0 to 99 (the application is never 100% done before its end page). */
  value: number;
  /** Accessible name, translated; "Application progress" by default. */
  label?: string;
}

/** The application's progress as a native <progress>, which every screen reader knows. */
export function ProgressBar({ value, label }: ProgressBarProps) {
  const { t } = useLingui();
  const clamped = Math.min(99, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));
  return (
    <progress className="solis-progress" max={100} value={clamped} aria-label={label ?? t`Application progress`}>
      {t`${clamped}% complete`}
    </progress>
  );
}
