import type { AdminPrivacyRequest, PrivacyRequestKind, PrivacyRequestStatus } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';

/** What each kind of request asks for, in the owner's words. */
export const KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Access to their data',
  correction: 'Correction',
  erasure: 'Erasure',
  grievance: 'Grievance',
};

export const STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  answered: 'Answered',
  rejected: 'Rejected',
};

const STATUS_COLOURS: Record<PrivacyRequestStatus, string> = {
  open: 'warning',
  in_progress: 'info',
  answered: 'success',
  rejected: 'secondary',
};

/** The request's status, and "Overdue" beside it once its 90 days passed unanswered. */
export function RequestStatus({ request }: { request: AdminPrivacyRequest }) {
  return (
    <>
      <Badge bg={STATUS_COLOURS[request.status]} text={request.status === 'open' ? 'dark' : undefined}>
        {STATUS_LABELS[request.status]}
      </Badge>
      {request.overdue && (
        <Badge bg="danger" className="ms-1">
          Overdue
        </Badge>
      )}
    </>
  );
}
