import './spinner.css';

export interface SpinnerProps {
  size?: 'small' | 'large';
}

/** A decorative spinner; whoever shows it also says in words what is happening. */
export function Spinner({ size = 'small' }: SpinnerProps) {
  return <span className={size === 'large' ? 'solis-spinner solis-spinner--large' : 'solis-spinner'} aria-hidden="true" />;
}
