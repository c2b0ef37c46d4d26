import type { SizeAdviceAnswer } from '@kapaas/contract';
import { lazy, Suspense, useState } from 'react';

/**
 * The form and its answer load when the shopper first opens "Find my size" (ADR 060): the product page's first
 * scripts are at their budget, and most shoppers never open it.
 */
const SizeAdvicePanel = lazy(() => import('./SizeAdvicePanel'));

interface FindMySizeProps {
  productId: number;
  /** The answer, for the page to preselect its size (or open a sold-out size's Notify me) and remember its id. */
  onAdvice: (answer: SizeAdviceAnswer) => void;
}

/**
 * "Find my size" (issue 38, ADR 060) beside the size picker: a `<details>` like the size chart's, whose form asks the
 * child's age, height or weight and shows the size the shop suggests, with why.
 */
export function FindMySize({ productId, onAdvice }: FindMySizeProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="find-my-size" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="size-chart__open">Find my size</summary>
      {opened ? (
        <Suspense fallback={<p className="small">Loading…</p>}>
          <SizeAdvicePanel productId={productId} onAdvice={onAdvice} />
        </Suspense>
      ) : (
        // What the server sends: the form needs the page's scripts, so without them the chart is the way to choose.
        <p className="small">
          This needs JavaScript; the size chart below gives each size's ages, heights and weights.
        </p>
      )}
    </details>
  );
}
