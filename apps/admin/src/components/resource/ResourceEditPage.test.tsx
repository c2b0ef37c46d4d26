import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { categories, subcategories } from '#admin/test/fixtures.ts';
import { OWNER, renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const bodyOf = (sent: SentRequest[], method: string, path: string) =>
  sent.find((request) => request.method === method && request.path === path)?.body;

describe('the generic resource screens', () => {
  it('check a new subcategory with the contract, then send it and list it', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET categories': page(categories),
      'GET subcategories': page(subcategories),
      'POST uploads': { success: true, url: '/media/uploads/abc-640.webp', width: 640, height: 640, variants: [] },
      'POST subcategories': (request) => ({
        success: true,
        data: { ...subcategories[0], ...(request.body as object), id: 30 },
      }),
    });
    const { user, router } = renderRoute('/subcategories/new');
    await user.click(await screen.findByRole('button', { name: 'Create subcategory' }));
    expect(await screen.findByLabelText('Category')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required.');
    expect(bodyOf(sent, 'POST', 'subcategories')).toBeUndefined();

    await user.selectOptions(screen.getByLabelText('Category'), '2');
    await user.type(screen.getByLabelText('Name'), 'Party Frocks');
    const upload = screen.getByLabelText('Upload image');
    expect(upload).toHaveAttribute('type', 'file');
    await user.upload(upload, new File(['png'], 'frock.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Picture' })).toHaveAttribute('src', '/media/uploads/abc-640.webp');
    await user.click(screen.getByRole('button', { name: 'Create subcategory' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subcategories'));
    expect(await screen.findByText('Subcategory “Party Frocks” created.')).toBeInTheDocument();
    expect(bodyOf(sent, 'POST', 'subcategories')).toEqual({
      category_id: 2,
      name: 'Party Frocks',
      image: '/media/uploads/abc-640.webp',
      sort_order: 0,
      active: true,
    });
    expect(sent.find((request) => request.path === 'uploads')?.body).toBeInstanceOf(FormData);
  });

  it('shows a refusal of a delete in the dialog, and deletes only once confirmed', async () => {
    signIn();
    let refuse = true;
    stubAdminApi({
      'GET categories': page(categories),
      'GET categories/2': { success: true, data: categories[1] },
      'DELETE categories/2': () =>
        refuse
          ? json(409, { success: false, message: 'Category is still in use: move or delete its products first.' })
          : { success: true, message: 'Category deleted.', archived: false },
    });
    const { user, router } = renderRoute('/categories/2');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the category “Dresses & Frocks”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Category is still in use');
    expect(router.state.location.pathname).toBe('/categories/2');

    refuse = false;
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
    expect(await screen.findByText('Category deleted.')).toBeInTheDocument();
  });

  it('lets an owner change a team member without retyping their password', async () => {
    signIn();
    const staff = { ...OWNER, id: 2, email: 'ravi@kapaas.local', name: 'Ravi', role: 'staff' as const };
    const { sent } = stubAdminApi({
      'GET admins': page([OWNER, staff]),
      'GET admins/2': { success: true, data: staff },
      'PATCH admins/2': (request) => ({ success: true, data: { ...staff, ...(request.body as object) } }),
    });
    const { user, router } = renderRoute('/team/2');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ravi Kumar');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'));
    expect(bodyOf(sent, 'PATCH', 'admins/2')).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@kapaas.local',
      role: 'staff',
      active: true,
    });
  });
});
