import type { SizeAdviceAnswer } from '@kapaas/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiPost } from '#storefront/lib/api.ts';
import { childLabel, useSavedChildren } from '../api/useSavedChildren';

interface ChildSizeChoiceProps {
  productId: number;
  /** The advice for the parent's first saved child, and who it is for ("Anu (14 months)"). */
  onChildAdvice: (answer: SizeAdviceAnswer, chosenFor: string) => void;
}

/**
 * Asks the size for a signed-in parent's first saved child (ADR 059, 060): the same `size_advice` as the form, with the
 * child's age as the server counts it. Loaded after hydration and only for signed-in users, so it costs a guest and
 * the page's first scripts nothing; it shows nothing itself, the page says what it chose.
 */
export default function ChildSizeChoice({ productId, onChildAdvice }: ChildSizeChoiceProps) {
  const [child] = useSavedChildren();
  const ageMonths = child?.age_months;
  const advice = useQuery({
    queryKey: ['size_advice', productId, ageMonths],
    queryFn: ({ signal }) => apiPost('size_advice', { product_id: productId, age_months: ageMonths }, { signal }),
    enabled: ageMonths !== undefined,
    // One answer per product and age: a parent's return to the page is not another advice to record.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // The page's callback is new on each of its renders; the answer is handed over once, when it arrives.
  const handOver = useRef(onChildAdvice);
  handOver.current = onChildAdvice;
  const answer = advice.data;
  const chosenFor = child ? childLabel(child, 'your child') : null;
  useEffect(() => {
    if (answer && chosenFor !== null) handOver.current(answer, chosenFor);
  }, [answer, chosenFor]);
  return null;
}
