import { createHash } from 'node:crypto';
import type { AdminImportProgress, AdminImportReport } from '@kapaas/contract';
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
  rows_omitted: 0,
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
      'Dry run, nothing written: 1 product to create, 0 to update, 0 unchanged, 1 refused (1 of 3 rows refused).',
    );
    expect(shown.getByText("Variant Price: 'abc' is not an amount.")).toBeVisible();
    expect(shown.getByRole('button', { name: 'Download the refused rows (CSV)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 1 product' }));
    // Written: what was done, not what would be.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported: 1 product created, 0 updated, 0 unchanged, 1 refused (1 of 3 rows refused).',
    );
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

  it('shows the progress while the file is checked and while it is imported: a bar with its value and the rows in words', async () => {
    signIn();
    const answers: { resolve(body: object): void }[] = [];
    const progress: { now: AdminImportProgress | null } = { now: null };
    const { sent } = stubAdminApi({
      'POST imports': () => new Promise<object>((resolve) => answers.push({ resolve })),
      'GET imports/progress': () =>
        progress.now === null
          ? json(404, { success: false, message: 'No import of this file has started.' })
          : { success: true, data: progress.now },
    });
    const { user } = renderRoute('/products/import');
    await user.upload(await screen.findByLabelText(/Product CSV/), csv());
    // An earlier import of the same file has ended: its 'done' is not this one's progress.
    progress.now = { phase: 'done', rows_done: 9, rows_total: 9 };
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    const sending = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(sending).toHaveAttribute('aria-valuetext', 'Sending the file to be checked…');
    expect(sending).not.toHaveAttribute('aria-valuenow');
    progress.now = { phase: 'checking', rows_done: 12_000, rows_total: 50_000 };
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    // The console asks again about once a second: the next answer moves the bar.
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 3000 }).toBe('12000');
    expect(bar).toHaveAttribute('aria-valuemax', '50000');
    expect(bar).toHaveAttribute('aria-valuetext', '12,000 of 50,000 rows checked');
    expect(screen.getByText('12,000 of 50,000 rows checked')).toBeVisible();
    // The console asks by the file's own SHA-256, as the server hashes the bytes it receives.
    const asked = sent.filter((request) => request.path === 'imports/progress');
    const hash = createHash('sha256').update('Handle,Title,Variant Price\n').digest('hex');
    expect(asked.at(-1)?.query.get('sha256')).toBe(hash);
    expect(asked.at(-1)?.query.get('dry_run')).toBe('true');
    answers[0]?.resolve({ success: true, data: report({}) });
    expect(await screen.findByRole('region', { name: 'Import report' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();

    progress.now = { phase: 'writing', rows_done: 500, rows_total: 2000 };
    await user.click(screen.getByRole('button', { name: 'Import 1 product' }));
    const writing = await screen.findByRole('progressbar', { name: 'Import progress' });
    await expect
      .poll(() => writing.getAttribute('aria-valuetext'), { timeout: 3000 })
      .toBe('500 of 2,000 rows written');
    expect(
      sent
        .filter((request) => request.path === 'imports/progress')
        .at(-1)
        ?.query.get('dry_run'),
    ).toBe('false');
    answers[1]?.resolve({ success: true, data: report({ id: 5, dry_run: false, committed: true }) });
    expect(await screen.findByText(/^Imported:/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
