import {
  type AdminWhatsAppTemplate,
  type AdminWhatsAppTemplates,
  WHATSAPP_KIND_INFO,
  type WhatsAppTemplateStatus,
} from '@kapaas/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { useSubmitTemplate, useSyncTemplates, useWhatsAppTemplates } from '../api/useWhatsAppTemplates';
import { PhonePreview } from './PhonePreview';
import { TemplateEditor } from './TemplateEditor';

/** Each state in the owner's words, and its colour. */
const STATES: Record<WhatsAppTemplateStatus, { label: string; bg: string }> = {
  draft: { label: 'Draft', bg: 'secondary' },
  pending: { label: 'In review', bg: 'warning' },
  approved: { label: 'Approved', bg: 'success' },
  rejected: { label: 'Rejected', bg: 'danger' },
  paused: { label: 'Paused by Meta', bg: 'warning' },
  disabled: { label: 'Disabled by Meta', bg: 'dark' },
};

function StateBadge({ status }: { status: WhatsAppTemplateStatus }) {
  const { label, bg } = STATES[status];
  return (
    <Badge bg={bg} text={bg === 'warning' ? 'dark' : undefined}>
      {label}
    </Badge>
  );
}

const MODE_NOTE: Record<AdminWhatsAppTemplates['mode'], string> = {
  cloud:
    'Meta reviews each template you submit, usually within a day. Sync copies its verdicts here; only approved templates are sent.',
  sandbox:
    'The built-in WhatsApp sandbox stands in for Meta: a submitted template waits in review until approved at /sandbox/whatsapp (POST test/approve), then Sync copies the verdict.',
  none: 'WhatsApp is not set up (WHATSAPP_TOKEN and the other WHATSAPP_ settings): every message goes by e-mail. You can still write templates.',
};

/**
 * WhatsApp templates (issue 36), owners only: every template with its state, a new one or a change in the editor
 * with its preview, submitting a draft for Meta's review and copying Meta's verdicts ("Sync").
 */
export function WhatsAppTemplatesPage() {
  const list = useWhatsAppTemplates();
  const [editing, setEditing] = useState<AdminWhatsAppTemplate | 'new' | null>(null);
  if (list.isPending) return <LoadingState label="Loading the WhatsApp templates" />;
  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 403) {
      return (
        <>
          <PageHeader title="WhatsApp templates" />
          <Alert variant="info">Only the shop’s owner can see and change the WhatsApp templates.</Alert>
        </>
      );
    }
    return <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  }
  return (
    <>
      <PageHeader title="WhatsApp templates" />
      <p className="text-body-secondary">{MODE_NOTE[list.data.mode]}</p>
      <Toolbar onNew={() => setEditing('new')} />
      {editing && (
        <TemplateEditor
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <TemplateList templates={list.data.templates} onEdit={setEditing} />
    </>
  );
}

function Toolbar({ onNew }: { onNew: () => void }) {
  const sync = useSyncTemplates();
  const outcome = sync.data?.data;
  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={onNew}>New template</Button>
        <Button variant="outline-primary" disabled={sync.isPending} onClick={() => sync.mutate()}>
          {sync.isPending ? 'Syncing…' : 'Sync with Meta'}
        </Button>
      </div>
      <p role="status" className="mb-0 mt-2 small">
        {outcome &&
          `${outcome.updated === 1 ? '1 state changed' : `${outcome.updated} states changed`}.${
            outcome.unknown.length > 0
              ? ` Meta also holds ${outcome.unknown.join(', ')}, which the shop does not keep.`
              : ''
          }`}
      </p>
      {sync.isError && <p className="text-danger mb-0">{errorMessage(sync.error)}</p>}
    </div>
  );
}

function TemplateList({
  templates,
  onEdit,
}: {
  templates: AdminWhatsAppTemplate[];
  onEdit: (template: AdminWhatsAppTemplate) => void;
}) {
  const submit = useSubmitTemplate();
  return (
    <Card>
      <Card.Body>
        {submit.isError && (
          <Alert variant="danger" role="alert">
            {errorMessage(submit.error)}
          </Alert>
        )}
        <Table responsive size="sm" aria-label="Templates" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Template</th>
              <th scope="col" className="d-none d-md-table-cell">
                Sent for
              </th>
              <th scope="col">State</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((template) => (
              <tr key={template.id}>
                <td>
                  <code className="wa-name">{template.name}</code>{' '}
                  <span className="text-body-secondary">({template.language})</span>
                  <div className="small text-body-secondary">{template.category}</div>
                  {/* Below tablet width the kind goes under the name, so the state stays in sight at 375 px. */}
                  <div className="small d-md-none">{WHATSAPP_KIND_INFO[template.kind].label}</div>
                </td>
                <td className="d-none d-md-table-cell">{WHATSAPP_KIND_INFO[template.kind].label}</td>
                <td>
                  <StateBadge status={template.status} />
                  {template.rejected_reason && <div className="small text-danger">{template.rejected_reason}</div>}
                </td>
                <td>
                  <details>
                    <summary>Preview</summary>
                    <PhonePreview
                      body={template.body}
                      examples={template.examples}
                      buttons={template.buttons}
                      language={template.language}
                    />
                  </details>
                  <div className="d-flex flex-wrap gap-1 mt-1">
                    {(template.status === 'draft' || template.status === 'rejected') && (
                      <Button size="sm" variant="outline-secondary" onClick={() => onEdit(template)}>
                        Change <span className="visually-hidden">{`${template.name} (${template.language})`}</span>
                      </Button>
                    )}
                    {template.status === 'draft' && (
                      <Button size="sm" disabled={submit.isPending} onClick={() => submit.mutate(template.id)}>
                        Submit <span className="visually-hidden">{`${template.name} (${template.language})`}</span>
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
