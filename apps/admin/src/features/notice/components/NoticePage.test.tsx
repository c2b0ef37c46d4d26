import type { AdminNoticeVersion } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const first: AdminNoticeVersion = {
  version: 1,
  body: '## What we collect\n\n- Your name',
  author_email: null,
  created_at: '2026-11-01T06:30:00.000Z',
};
const saves = (sent: SentRequest[]) => sent.filter((r) => r.method === 'POST' && r.path === 'privacy-notice');

describe('Privacy notice (console)', () => {
  it('is under Privacy, edits the notice in force, and each save lists a new version with its time and author', async () => {
    signIn();
    let versions = [first];
    const { sent } = stubAdminApi({
      'GET privacy-notice': () => ({ success: true, data: { versions } }),
      'POST privacy-notice': (request) => {
        const body = (request.body as { body: string }).body;
        versions = [
          { version: 2, body, author_email: 'owner@kapaas.in', created_at: '2026-11-28T06:00:00.000Z' },
          first,
        ];
        return { success: true, data: { versions } };
      },
    });
    const { user } = renderRoute('/');
    const privacy = (await screen.findByRole('heading', { name: 'Privacy' })).closest('div') as HTMLElement;
    await user.click(within(privacy).getByRole('link', { name: 'Privacy notice' }));

    const editor = await screen.findByRole('textbox', { name: 'The notice (Markdown)' });
    expect(editor).toHaveValue(first.body);
    const list = screen.getByRole('table', { name: 'Versions' });
    expect(within(list).getByText('1')).toBeInTheDocument();
    expect(within(list).getByText('The shop (default notice)')).toBeInTheDocument();

    await user.clear(editor);
    await user.type(editor, '## Children{enter}{enter}We do not track children.');
    await user.click(screen.getByRole('button', { name: 'Publish as a new version' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Version 2 is now the notice on /privacy.');
    expect(saves(sent).map((r) => r.body)).toEqual([{ body: '## Children\n\nWe do not track children.' }]);
    expect(within(list).getByText('owner@kapaas.in')).toBeInTheDocument();
  });

  it("shows the server's refusal beside the text", async () => {
    signIn();
    stubAdminApi({
      'GET privacy-notice': { success: true, data: { versions: [first] } },
      'POST privacy-notice': () =>
        json(400, {
          success: false,
          message: 'This is the notice as it stands: change something to save a new version.',
          errors: { body: ['This is the notice as it stands: change something to save a new version.'] },
        }),
    });
    const { user } = renderRoute('/privacy/notice');
    const editor = await screen.findByRole('textbox', { name: 'The notice (Markdown)' });
    await user.click(screen.getByRole('button', { name: 'Publish as a new version' }));
    expect(editor).toHaveAccessibleDescription(expect.stringContaining('change something'));
  });
});
