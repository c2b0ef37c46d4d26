import Badge from 'react-bootstrap/Badge';

/** A small picture in a table row. */
export function Thumb({ src, alt = '' }: { src: string | null | undefined; alt?: string }) {
  if (!src) return <span className="thumb thumb--empty" aria-hidden="true" />;
  return <img className="thumb" src={src} alt={alt} />;
}

/** Whether a record shows in the shop (or, with other words, is in force). */
export function ShownBadge({ active, on = 'Shown', off = 'Hidden' }: { active: boolean; on?: string; off?: string }) {
  return active ? <Badge bg="success">{on}</Badge> : <Badge bg="secondary">{off}</Badge>;
}
