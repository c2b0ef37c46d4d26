import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const testimonial = {
  id: 4,
  customer_name: 'Meera',
  location: 'Kochi',
  description: '<p>So <strong>soft</strong> on her skin.</p>',
  image: '/media/demo/testimonial-1.svg',
  background_color: '#F4E9DA',
  border_color: '#0F766E',
  sort_order: 0,
  active: true,
};

const bodyOf = (sent: SentRequest[], method: string, path: string) =>
  sent.find((request) => request.method === method && request.path === path)?.body as
    | Record<string, unknown>
    | undefined;

/** Signs in and answers for testimonial 4: read, change, and the list the form returns to. */
function testimonialApi() {
  signIn();
  return stubAdminApi({
    'GET testimonials/4': { success: true, data: testimonial },
    'PATCH testimonials/4': (request) => ({ success: true, data: { ...testimonial, ...(request.body as object) } }),
    'GET testimonials': { success: true, data: [testimonial], page: 1, per_page: 20, total: 1 },
  });
}

describe('a testimonial’s form in the console', () => {
  it('is shown formatted in a text box named by its label, with a formatting toolbar, and saved as it was', async () => {
    const { sent } = testimonialApi();
    const { user, router } = renderRoute('/testimonials/4');

    const text = await screen.findByRole('textbox', { name: 'What they said' });
    expect(text).toHaveAttribute('contenteditable', 'true');
    expect(within(text).getByText('soft').tagName).toBe('STRONG');
    expect(text).toHaveAccessibleDescription(/bold, italic, underline, lists and links/);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Link']) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonials'));
    expect(bodyOf(sent, 'PATCH', 'testimonials/4')?.description).toBe('<p>So <strong>soft</strong> on her skin.</p>');
  });

  it('adds no <style> element to the page, which the console’s policy would refuse', async () => {
    testimonialApi();
    renderRoute('/testimonials/4');
    const text = await screen.findByRole('textbox', { name: 'What they said' });
    expect(within(text).getByText('soft').tagName).toBe('STRONG');
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('offers a palette beside each colour code, and either one sets the colour', async () => {
    const { sent } = testimonialApi();
    const { user, router } = renderRoute('/testimonials/4');

    const palette = await screen.findByLabelText('Background colour: choose on a palette');
    expect(palette).toHaveAttribute('type', 'color');
    expect(palette).toHaveValue('#f4e9da');
    fireEvent.input(palette, { target: { value: '#123456' } });
    expect(screen.getByRole('textbox', { name: 'Background colour' })).toHaveValue('#123456');

    const border = screen.getByRole('textbox', { name: 'Border colour' });
    await user.clear(border);
    await user.type(border, '#abc');
    expect(screen.getByLabelText('Border colour: choose on a palette')).toHaveValue('#aabbcc');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonials'));
    expect(bodyOf(sent, 'PATCH', 'testimonials/4')).toMatchObject({
      background_color: '#123456',
      border_color: '#abc',
    });
  });
});
