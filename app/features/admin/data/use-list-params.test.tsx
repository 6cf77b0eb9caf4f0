// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

type Params = { page: number; status: string; source: string };
const read = (search: URLSearchParams): Params => ({
  page: Number(search.get('page') ?? 1),
  status: search.get('status') ?? '',
  source: search.get('source') ?? '',
});
const write = (params: Params) => {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.source) search.set('source', params.source);
  if (params.page !== 1) search.set('page', String(params.page));
  return search;
};

let update: ReturnType<typeof useListParams<Params>>['update'] = () => {};
function List() {
  update = useListParams(read, write).update;
  return <output>{useLocation().search}</output>;
}

describe('the list’s parameters in the address', () => {
  it('keeps two changes made before the list renders again (two filters chosen quickly)', async () => {
    const router = createMemoryRouter([{ path: '/admin/contacts', element: <List /> }], {
      initialEntries: ['/admin/contacts?page=3'],
    });
    render(<RouterProvider router={router} />);
    await act(async () => {
      update({ source: 'website' });
      update({ status: 'nouveau' });
    });
    expect(screen.getByRole('status').textContent).toBe('?status=nouveau&source=website');
  });
});
