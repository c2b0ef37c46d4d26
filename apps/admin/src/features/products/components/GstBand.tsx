import Badge from 'react-bootstrap/Badge';

/** Why a price between ₹2,625 and ₹2,950 costs the shop more tax, and what to do about it (ADR 032, rule 4). */
export const GST_BAND_ADVICE =
  'Priced in the GST band (₹2,625–₹2,950): such a piece is taxed at 18 %. Price it at ₹2,625 or below (5 %), or above ₹2,950.';

/** The list's mark on a product priced in the GST band; the advice is its tooltip and, for screen readers, its text. */
export function GstBandBadge() {
  return (
    <Badge bg="warning" text="dark" title={GST_BAND_ADVICE} className="ms-1">
      <span aria-hidden="true">GST 18 %</span>
      <span className="visually-hidden">{GST_BAND_ADVICE}</span>
    </Badge>
  );
}
