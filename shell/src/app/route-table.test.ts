import { PAGE_PATTERNS } from '@roomnest/shared';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table.ts';

describe('the route table', () => {
  it('routes exactly the shared page patterns the server answers 200 for, and everything else to the 404 page', () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    expect(paths.filter((p) => p !== '*').toSorted()).toEqual([...PAGE_PATTERNS].toSorted());
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTE_TABLE.at(-1)).toMatchObject({ path: '*', shell: 'NotFoundPage' });
  });
});
