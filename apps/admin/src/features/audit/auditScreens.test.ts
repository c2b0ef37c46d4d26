import { describe, expect, it } from 'vitest';
import { changedFields } from './auditScreens';

describe('changedFields', () => {
  it('names the fields a write changed, ignoring the update time', () => {
    expect(changedFields({ name: 'A', price: 1, updated_at: 'x' }, { name: 'A', price: 2, updated_at: 'y' })).toBe(
      'price',
    );
    expect(changedFields({ sizes: [{ id: 1, stock: 2 }] }, { sizes: [{ id: 1, stock: 0 }] })).toBe('sizes');
    expect(changedFields({ name: 'A' }, { name: 'A' })).toBe('—');
  });
  it('says when a record was created or deleted', () => {
    expect(changedFields(null, { name: 'A' })).toBe('created');
    expect(changedFields({ name: 'A' }, null)).toBe('deleted');
  });
});
