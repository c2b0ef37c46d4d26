import type { AdminImportReport } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const report = (over: Partial<AdminImportReport>): AdminImportReport => ({
  totals: { created: 2, updated: 0, unchanged: 0, errors: 1 },
  products: { created: 1, updated: 0, unchanged: 0, errors: 1 },
  id: 4,
  dry_run: true,
  committed: false,
  format: 'shopify',
  rejected_csv: '/admin/api/imports/4/rejected.csv',
  rows: [
    { row: 2, handle: 'organic-muslin-romper', outcome: 'created', errors: [] },
    { row: 3, handle: 'organic-muslin-romper', outcome: 'created', errors: [] },
    {
      row: 4,
      handle: 'cotton-jhabla',
      outcome: 'error',
      errors: [{ column: 'Variant Price', message: "Variant Price: 'abc' is not an amount." }],
    },
  ],
  ...over,
});

const csv = () => new File(['Handle,Title,Variant Price\n'], 'products.csv', { type: 'text/csv' });
const fieldsOf = (request: SentRequest) =>
  Object.fromEntries([...(request.body as FormData).entries()].filter(([, v]) => typeof v === 'string'));

describe('Products → Import', () => {
  it('checks the file by a dry run, shows the totals and the refused row, then imports with the same file and options', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'POST imports': (request) => {
        const dryRun = fieldsOf(request).dry_run === 'true';
        return { success: true, data: dryRun ? report({}) : report({ id: 5, dry_run: false, committed: true }) };
      },
    });
    const { user } = renderRoute('/products/import');
    await user.upload(await screen.findByLabelText(/Product CSV/), csv());
    await user.type(screen.getByLabelText(/Size names/), '{{"0-3 Months": "0-3M"}');
    await user.click(screen.getByRole('checkbox', { name: 'Create missing categories' }));
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    const shown = within(await screen.findByRole('region', { name: 'Import report' }));
    expect(shown.getByRole('status')).toHaveTextContent(
      'Dry run, nothing written: 1 products to create, 0 to update, 0 unchanged, 1 refused (1 of 3 rows refused).',
    );
    expect(shown.getByText("Variant Price: 'abc' is not an amount.")).toBeVisible();
    expect(shown.getByRole('button', { name: 'Download the refused rows (CSV)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 1 products' }));
    expect(await screen.findByText(/^Imported:/)).toBeVisible();
    const posts = sent.filter((request) => request.path === 'imports');
    expect(posts.map(fieldsOf)).toEqual([
      {
        dry_run: 'true',
        create_missing_categories: 'true',
        all_or_nothing: 'false',
        fetch_image_urls: 'false',
        size_map: '{"0-3 Months": "0-3M"}',
      },
      {
        dry_run: 'false',
        create_missing_categories: 'true',
        all_or_nothing: 'false',
        fetch_image_urls: 'false',
        size_map: '{"0-3 Months": "0-3M"}',
      },
    ]);
    expect(
      (posts[1] as SentRequest).body instanceof FormData && ((posts[1] as SentRequest).body as FormData).get('file'),
    ).toBeInstanceOf(File);
  });

  it("shows the server's refusal of a broken file beside the file field", async () => {
    signIn();
    stubAdminApi({
      'POST imports': () =>
        json(400, {
          success: false,
          message: 'The file is not UTF-8 text.',
          errors: { file: ['The file is not UTF-8 text.'] },
        }),
    });
    const { user } = renderRoute('/products/import');
    await user.upload(await screen.findByLabelText(/Product CSV/), csv());
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not UTF-8 text.');
    expect(screen.getAllByText('The file is not UTF-8 text.')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });
});
