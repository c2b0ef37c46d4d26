import { describe, expect, it } from 'vitest';
import { parseNotice } from './catalogue.service';

describe('notices of catalogue changes', () => {
  it.each([
    ['4242', { pid: '4242', kind: 'all' }],
    ['4242 stock 3,5,8', { pid: '4242', kind: 'stock', ids: [3, 5, 8] }],
    ['4242 products 12', { pid: '4242', kind: 'products', ids: [12] }],
    ['4242 reviews 7,9', { pid: '4242', kind: 'reviews', ids: [7, 9] }],
    ['4242 structure', { pid: '4242', kind: 'structure' }],
    // What cannot be read is read as "everything changed", never as "nothing did".
    ['4242 stock ', { pid: '4242', kind: 'all' }],
    ['4242 products x,y', { pid: '4242', kind: 'all' }],
    ['4242 something-new 1', { pid: '4242', kind: 'all' }],
    ['', { pid: '', kind: 'all' }],
  ])('%j is read as %j', (payload, notice) => {
    expect(parseNotice(payload)).toEqual(notice);
  });
});
