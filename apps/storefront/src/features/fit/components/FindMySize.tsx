import type { SizeAdviceAnswer } from '@kapaas/contract';
import { lazy, Suspense, useState } from 'react';
import { useIdentity } from '#storefront/lib/session.ts';

/**
 * The form and its answer load when the shopper first opens "Find my size" (ADR 060): the product page's first
 * scripts are at their budget, and most shoppers never open it.
 */
const SizeAdvicePanel = lazy(() => import('./SizeAdvicePanel'));
/** The size for a signed-in parent's child: loaded for signed-in users only, once the page is hydrated. */
const ChildSizeChoice = lazy(() => import('./ChildSizeChoice'));

interface FindMySizeProps {
  productId: number;
  /** The answer, for the page to preselect its size (or open a sold-out size's Notify me) and remember its id. */
  onAdvice: (answer: SizeAdviceAnswer) => void;
  /** The advice for a signed-in parent's first saved child, for the page to choose unless the shopper chose already. */
  onChildAdvice?: (answer: SizeAdviceAnswer, chosenFor: string) => void;
}

/**
 * "Find my size" (issue 38, ADR 060) beside the size picker: a `<details>` like the size chart's, whose form asks the
 * child's age, height or weight and shows the size the shop suggests, with why.
 */
export function FindMySize({ productId, onAdvice, onChildAdvice }: FindMySizeProps) {
  const [opened, setOpened] = useState(false);
  // Nobody is signed in while the page hydrates (the server renders for nobody): a user's part mounts just after.
  const signedIn = useIdentity().kind === 'user';
  return (
    <>
      {signedIn && onChildAdvice && (
        <Suspense fallback={null}>
          <ChildSizeChoice productId={productId} onChildAdvice={onChildAdvice} />
        </Suspense>
      )}
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
    </>
  );
}
