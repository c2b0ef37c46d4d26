import type { ReturnRule } from '@kapaas/contract';

/**
 * What a return rule allows (ADR 058), in the shopper's words: the rule and its reason; nothing for a returnable piece.
 * The return form shows it beside each piece; the product page writes the same words in its own lazily loaded module
 * (`app/product/BuyingTerms.tsx`), so that no chunk shared with this form is named among the page's first scripts.
 */
export function ReturnRuleNote({ rule, className = '' }: { rule: ReturnRule; className?: string }) {
  if (rule.kind === 'returnable') return null;
  return (
    <p className={`small ${className}`.trim()}>
      <strong>{rule.kind === 'final_sale' ? 'Final sale' : 'Exchange only'}:</strong> {rule.reason}
    </p>
  );
}
