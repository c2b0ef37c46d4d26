import type { ReturnRule } from '@kapaas/contract';

/**
 * What a return rule allows (ADR 058), in the shopper's words: the rule and its reason; nothing for a returnable
 * piece. The product page shows it before buying, and the return form beside each piece. Plain text and Bootstrap's
 * own classes, so that the server's HTML reads and looks right without a script or a stylesheet of its own.
 */
export function ReturnRuleNote({ rule, className = '' }: { rule: ReturnRule; className?: string }) {
  if (rule.kind === 'returnable') return null;
  return (
    <p className={`small ${className}`.trim()}>
      <strong>{rule.kind === 'final_sale' ? 'Final sale' : 'Exchange only'}:</strong> {rule.reason}
    </p>
  );
}
