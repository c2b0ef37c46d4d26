import Spinner from 'react-bootstrap/Spinner';

interface LoadingStateProps {
  /** What is loading, read out by screen readers, e.g. "Loading products". */
  label: string;
  className?: string;
}

/** A centred spinner shown while a screen's data is on its way. */
export function LoadingState({ label, className = 'py-5' }: LoadingStateProps) {
  return (
    <div className={`d-flex justify-content-center ${className}`} role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
