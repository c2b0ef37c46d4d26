import { type RefObject, useEffect, useState } from 'react';

/** True while at least `threshold` of the element is on screen; it turns false again when it scrolls away. */
export function useInView(ref: RefObject<Element | null>, { threshold = 0.2, enabled = true } = {}): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setInView(entry.isIntersecting);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, enabled]);
  return inView;
}
