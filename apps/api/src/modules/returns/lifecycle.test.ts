import { RETURN_STATUS_VALUES } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionsOf, canMoveReturn, nextStatus, RETURN_ACTIONS, type ReturnState } from './lifecycle';

const states = fc.record<ReturnState>({
  status: fc.constantFrom(...RETURN_STATUS_VALUES),
  hasReturn: fc.boolean(),
  hasExchange: fc.boolean(),
  refunded: fc.boolean(),
  exchangeShipped: fc.boolean(),
});

describe('the return lifecycle', () => {
  it('never makes a move the transition table does not have', () => {
    fc.assert(
      fc.property(states, fc.constantFrom(...RETURN_ACTIONS), (state, action) => {
        const to = nextStatus(state, action);
        if (to !== null) expect(canMoveReturn(state.status, to)).toBe(true);
      }),
    );
  });

  it('refunds only with return lines and once, ships an exchange only with exchange lines and once', () => {
    fc.assert(
      fc.property(states, (state) => {
        if (!state.hasReturn || state.refunded) expect(nextStatus(state, 'refund')).toBeNull();
        if (!state.hasExchange || state.exchangeShipped) expect(nextStatus(state, 'ship_exchange')).toBeNull();
      }),
    );
  });

  it('lands in completed exactly when the other kind is settled or absent', () => {
    const received = { status: 'received' as const, refunded: false, exchangeShipped: false };
    expect(nextStatus({ ...received, hasReturn: true, hasExchange: false }, 'refund')).toBe('completed');
    expect(nextStatus({ ...received, hasReturn: true, hasExchange: true }, 'refund')).toBe('refunded');
    expect(nextStatus({ ...received, hasReturn: false, hasExchange: true }, 'ship_exchange')).toBe('completed');
    expect(nextStatus({ ...received, hasReturn: true, hasExchange: true }, 'ship_exchange')).toBe('exchange_shipped');
    const both = { hasReturn: true, hasExchange: true };
    expect(nextStatus({ ...both, status: 'refunded', refunded: true, exchangeShipped: false }, 'ship_exchange')).toBe(
      'completed',
    );
    expect(nextStatus({ ...both, status: 'exchange_shipped', refunded: false, exchangeShipped: true }, 'refund')).toBe(
      'completed',
    );
  });

  it('offers the owner exactly the actions that move the return', () => {
    fc.assert(
      fc.property(states, (state) => {
        expect(actionsOf(state)).toEqual(RETURN_ACTIONS.filter((action) => nextStatus(state, action) !== null));
      }),
    );
    const requested = {
      status: 'requested' as const,
      hasReturn: true,
      hasExchange: true,
      refunded: false,
      exchangeShipped: false,
    };
    expect(actionsOf(requested)).toEqual(['approve', 'reject']);
    expect(actionsOf({ ...requested, status: 'received' })).toEqual(['refund', 'ship_exchange']);
    expect(actionsOf({ ...requested, status: 'completed' })).toEqual([]);
  });
});
