import { type ReactNode, useRef } from 'react';
import { usePrefersReducedMotion } from '#storefront/lib/usePrefersReducedMotion.ts';
import { useInView } from '../hooks/useInView';
import '../quality-badges.css';

interface QualityBadge {
  label: string;
  tone: string;
  icon: ReactNode;
}

/** The six badges of product.md §1, in that order. */
const BADGES: QualityBadge[] = [
  {
    label: 'Medicinal Properties',
    tone: 'sage',
    icon: (
      <>
        <path d="M6 26C6 14 14 6 26 6c0 12-8 20-20 20Z" />
        <path d="M6 26 16 16" />
        <path d="M15 9v6M12 12h6" />
      </>
    ),
  },
  {
    label: 'Environment Friendly',
    tone: 'teal',
    icon: (
      <>
        <circle cx="16" cy="16" r="11" />
        <path d="M5.5 13c3 0 4 2 6 2s2.5-3 5-3 3 3 6 2M9 24c1-2 3-3 5-3s3-2 3-4" />
        <path d="M22 7c-1 2-3 3-3 5" />
      </>
    ),
  },
  {
    label: 'Natural Color',
    tone: 'haldi',
    icon: (
      <>
        <path d="M16 4s-8 9-8 15a8 8 0 0 0 16 0c0-6-8-15-8-15Z" />
        <path d="M12 20a4 4 0 0 0 4 4" />
      </>
    ),
  },
  {
    label: 'Sustainable',
    tone: 'terracotta',
    icon: (
      <>
        <path d="M9 13 13 6h6l3 5" />
        <path d="m24 8-2 3-3.5-.5" />
        <path d="M25 17l3 6-3 5h-7" />
        <path d="m20 25.5-2 2.5 2 2.5" />
        <path d="M12 28H7l-3-5 3-6" />
        <path d="m4.5 18.5 2.5-1.5 1.5 3" />
      </>
    ),
  },
  {
    label: 'Gender Neutral',
    tone: 'lavender',
    icon: (
      <>
        <circle cx="11" cy="9" r="3.5" />
        <circle cx="21" cy="9" r="3.5" />
        <path d="M5 26v-4a6 6 0 0 1 12 0v4M15 26v-4a6 6 0 0 1 12 0v4" />
      </>
    ),
  },
  {
    label: 'GOTS Certified organic cotton',
    tone: 'indigo',
    icon: (
      <>
        <circle cx="16" cy="13" r="3.5" />
        <circle cx="11" cy="17" r="3.5" />
        <circle cx="21" cy="17" r="3.5" />
        <path d="M16 21v7M12 26l4-2 4 2" />
        <path d="m22.5 5.5 1.5 1.5 3-3" />
      </>
    ),
  },
];

/**
 * The strip of quality badges (product.md §1). Each time it scrolls into view the badges rise in again over 1500 ms
 * (product.md §9); with reduced motion asked for, they simply stand still. The badges are visible without the
 * animation, so nothing depends on it.
 */
export function QualityBadges() {
  const strip = useRef<HTMLElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const inView = useInView(strip, { threshold: 0.25, enabled: !reducedMotion });
  const animating = !reducedMotion && inView;

  return (
    <section
      ref={strip}
      className={`quality-badges${animating ? ' quality-badges--in-view' : ''}`}
      aria-labelledby="quality-badges-title"
    >
      <div className="container">
        <h2 id="quality-badges-title" className="visually-hidden">
          Why parents choose Kapaas
        </h2>
        <ul className="row g-3 list-unstyled mb-0">
          {BADGES.map((badge) => (
            <li key={badge.label} className="col-6 col-md-3 col-lg-2">
              <div className={`quality-badge quality-badge--${badge.tone}`}>
                <svg
                  className="quality-badge__icon"
                  viewBox="0 0 32 32"
                  width="40"
                  height="40"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  {badge.icon}
                </svg>
                <span className="quality-badge__label">{badge.label}</span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
