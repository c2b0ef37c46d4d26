import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '#storefront/lib/reloadPage.ts';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

// jsdom cannot reload a page: the form's reload at 3 s is seen through this stand-in.
vi.mock('#storefront/lib/reloadPage.ts', () => ({ reloadPage: vi.fn() }));

const profile = { success: true, user: { name: 'Asha Menon', email: 'asha@example.in', phone: '9876543210' } };

describe('Update profile (/Profileupdate)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha Menon');
  });

  it('keeps the e-mail read-only, requires the name and lets at most 10 digits into the phone', async () => {
    stubApi({ category_list: categoryList, edit_profile: profile });
    const { user } = renderRoute('/Profileupdate');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Asha Menon');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('maxLength', '10');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('The name is required.')).toBeInTheDocument();
  });

  it('saves, stores the new name and phone, goes to /myprofile after 2 s and reloads the page at 3 s', async () => {
    // Like the server, edit_profile answers the saved profile, so the refetch after the save sees the new name.
    let saved = profile.user;
    const api = stubApi({
      category_list: categoryList,
      edit_profile: () => ({ success: true, user: saved }),
      update_profile: (body) => {
        saved = { ...saved, name: String(body.name), phone: String(body.phone) };
        return { success: true, message: 'Profile updated successfully.' };
      },
    });
    const { user, router } = renderRoute('/Profileupdate');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Asha M');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    const call = api.mock.calls.find(([url]) => String(url).endsWith('/api/update_profile'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ user_id: 7, name: 'Asha M', phone: '9876543210' });
    expect(localStorage.getItem('userName')).toBe('Asha M');
    expect(localStorage.getItem('userEmail')).toBe('asha@example.in');
    expect(localStorage.getItem('userPhone')).toBe('9876543210');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(router.state.location.pathname).toBe('/Profileupdate');
    // The refetched profile must not remount the form: the message stays and the form stays locked.
    expect(api.mock.calls.filter(([url]) => String(url).endsWith('/api/edit_profile')).length).toBeGreaterThan(1);
    expect(screen.getByText('Profile updated successfully.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/myprofile'), { timeout: 4000 });
    expect(reloadPage).not.toHaveBeenCalled();
    // The reload comes after the redirect, from a timer the form leaves behind: it fires within this test, not after.
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce(), { timeout: 2000 });
  });

  it("shows 'Failed to update profile: …' with the server's reason", async () => {
    stubApi({
      category_list: categoryList,
      edit_profile: profile,
      update_profile: () => json(409, { success: false, message: 'This mobile number is already registered.' }),
    });
    const { user } = renderRoute('/Profileupdate');
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update profile: This mobile number is already registered.',
    );
  });

  it('tells a guest that there is no profile to edit', async () => {
    localStorage.setItem('guest_id', '7');
    localStorage.setItem('userName', 'Guest');
    stubApi({ category_list: categoryList });
    renderRoute('/Profileupdate');
    expect(await screen.findByText('Guests cannot edit a profile. Please log in.')).toBeInTheDocument();
  });
});
