import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { categories } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

describe("a category's return rule (ADR 058)", () => {
  it('asks for the reason beside its field unless the rule is returnable, then sends rule and reason', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET categories': page(categories),
      'GET categories/2': { success: true, data: categories[1] },
      'PATCH categories/2': (request) => ({ success: true, data: { ...categories[1], ...(request.body as object) } }),
    });
    const { user, router } = renderRoute('/categories/2');
    const rule = await screen.findByLabelText('Return rule');
    expect(rule).toHaveValue('returnable');
    await user.selectOptions(rule, 'final_sale');
    await user.click(screen.getByRole('button', { name: /save/i }));

    const reason = screen.getByLabelText('Why (shown to shoppers)');
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/say why, in words a shopper reads/i));
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);

    await user.type(reason, 'Bibs touch a baby’s mouth: for hygiene they are not taken back.');
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({
      return_rule: 'final_sale',
      return_rule_reason: 'Bibs touch a baby’s mouth: for hygiene they are not taken back.',
    });
    expect(router.state.location.pathname).toBe('/categories');
  });
});
