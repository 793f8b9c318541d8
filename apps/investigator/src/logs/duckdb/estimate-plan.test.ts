import { describe, expect, it } from 'vitest';
import { estimatePlan } from './estimate-plan.js';

const scan = (rows: number, projections: string[] = ['a']) => ({
  name: 'SEQ_SCAN',
  children: [],
  extra_info: { Table: 't', Projections: projections, 'Estimated Cardinality': String(rows) },
});

describe('estimatePlan', () => {
  it('takes the largest operator estimate, at 16 bytes a value', () => {
    const plan = [
      {
        name: 'PROJECTION',
        children: [scan(1000, ['a', 'b'])],
        extra_info: { 'Estimated Cardinality': '10' },
      },
    ];
    expect(estimatePlan(JSON.stringify(plan))).toEqual({ rows: 1000, bytes: 1000 * 2 * 16 });
  });

  it('multiplies the children of an unestimated cross product', () => {
    const plan = [{ name: 'CROSS_PRODUCT', children: [scan(300), scan(200)], extra_info: {} }];
    expect(estimatePlan(JSON.stringify(plan)).rows).toBe(60_000);
  });
});
