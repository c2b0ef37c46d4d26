import Alert from 'react-bootstrap/Alert';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { errorMessage } from '#storefront/lib/api.ts';
import { usePrivacyNotice } from '../api/usePrivacy';
import { Markdown } from './Markdown';
import '../../content/content.css';

const DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** /privacy: the notice in force (the owner's text), its version and date, and the grievance officer to write to. */
export function PrivacyNotice() {
  const notice = usePrivacyNotice();
  if (notice.isPending) return <LoadingState label="Loading the privacy notice…" />;
  if (notice.isError) return <Alert variant="danger">{errorMessage(notice.error)}</Alert>;
  const { version, body, published_at: publishedAt, grievance_officer: officer } = notice.data;
  return (
    <div className="prose">
      <p className="prose__updated">{`Version ${version}, published ${DATE.format(new Date(publishedAt))}`}</p>
      <Markdown text={body} />
      <h2>Grievance officer</h2>
      {officer.name || officer.email ? (
        <p>
          {officer.name}
          {officer.name && officer.email ? ', ' : ''}
          {officer.email && <a href={`mailto:${officer.email}`}>{officer.email}</a>}
        </p>
      ) : (
        <p>Write to us through our contact page; we answer every complaint within 90 days.</p>
      )}
    </div>
  );
}
