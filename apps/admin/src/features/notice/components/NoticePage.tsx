import type { AdminNoticeVersion } from '@kapaas/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { TextareaField } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { useNoticeVersions, usePublishNotice } from '../api/useNotice';

const HELP =
  'Markdown: ## for a heading, - for a list item, **bold**, [words](https://…) for a link. Keep it itemised as the DPDP Rules ask: what is collected and why, how to withdraw consent, how to complain. The grievance officer of Settings is shown below it.';

/**
 * The privacy notice (issue 35), owners only: the text in force to edit, and every version with when and by whom it
 * was saved. Publishing saves a new version; none is ever changed, so a consent can always be read against the
 * notice it was given under.
 */
export function NoticePage() {
  const versions = useNoticeVersions();
  if (versions.isPending) return <LoadingState label="Loading the privacy notice" />;
  if (versions.isError) return <QueryErrorAlert error={versions.error} onRetry={() => void versions.refetch()} />;
  return (
    <>
      <PageHeader title="Privacy notice" />
      <NoticeEditor current={versions.data[0]?.body ?? ''} />
      <VersionList versions={versions.data} />
    </>
  );
}

function NoticeEditor({ current }: { current: string }) {
  const id = useId();
  const publish = usePublishNotice();
  const [text, setText] = useState(current);
  const fieldError = publish.error instanceof ApiError ? publish.error.errors.body?.[0] : undefined;
  const published = publish.data?.data.versions[0]?.version;
  return (
    <Card className="mb-3">
      <Card.Body>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            publish.mutate(text);
          }}
        >
          <TextareaField
            id={`${id}-body`}
            label="The notice (Markdown)"
            help={HELP}
            error={fieldError}
            rows={18}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (publish.isError || publish.isSuccess) publish.reset();
            }}
          />
          {publish.isError && !fieldError && <p className="text-danger">{errorMessage(publish.error)}</p>}
          <p role="status" className="text-success mb-2">
            {publish.isSuccess && published !== undefined ? `Version ${published} is now the notice on /privacy.` : ''}
          </p>
          <Button type="submit" disabled={publish.isPending}>
            {publish.isPending ? 'Publishing…' : 'Publish as a new version'}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}

function VersionList({ versions }: { versions: AdminNoticeVersion[] }) {
  return (
    <Card>
      <Card.Body>
        <Table responsive size="sm" aria-label="Versions">
          <caption className="caption-top">Every version, the one in force first. None is ever changed.</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">By</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version}>
                <td>{version.version}</td>
                <td>{formatDateTime(version.created_at)}</td>
                <td>{version.author_email ?? 'The shop (default notice)'}</td>
                <td>
                  <details>
                    <summary>Read</summary>
                    <pre className="mb-0 text-wrap">{version.body}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
