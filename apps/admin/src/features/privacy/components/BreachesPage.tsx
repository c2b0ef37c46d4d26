import { type AdminBreach, AdminBreachCreateRequest } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { TextareaField, TextField } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { showServerErrors } from '#admin/lib/forms.ts';
import { privacyPaths, useBreachList, useRecordBreach } from '../api/usePrivacy';

const HEADINGS: ListHeading[] = [
  { header: 'Breach' },
  { header: 'Recorded', className: 'd-none d-sm-table-cell' },
  { header: 'Board report due' },
  { header: 'Notice' },
];

/**
 * The breach drill (DPDP Rules, rule 7): record a breach the moment it is known (the 72 hours to the Board's detailed
 * report start then), then on its page choose the affected people, write the notice and send it.
 */
export function BreachesPage() {
  const { page, query, change } = useListParams();
  const list = useBreachList(query);
  return (
    <>
      <PageHeader title="Breaches" />
      <RecordBreachForm />
      <h2 className="h5 mt-4">Recorded breaches</h2>
      <ListResults
        list={list}
        noun="breaches"
        empty="No breach recorded."
        headings={HEADINGS}
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(breach) => <BreachRow key={breach.id} breach={breach} />}
      />
    </>
  );
}

function BreachRow({ breach }: { breach: AdminBreach }) {
  return (
    <tr>
      <td>
        <Link to={privacyPaths.breach(breach.id)} className="fw-semibold">
          {breach.title}
        </Link>
      </td>
      <td className="d-none d-sm-table-cell">{formatDateTime(breach.recorded_at)}</td>
      <td>{formatDateTime(breach.report_due_at)}</td>
      <td>
        {breach.notified_at ? (
          <Badge bg="success">{`Sent to ${breach.notified_count}`}</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            Not sent
          </Badge>
        )}
      </td>
    </tr>
  );
}

/** Records a breach and opens its page, where the drill goes on. */
function RecordBreachForm() {
  const record = useRecordBreach();
  const navigate = useNavigate();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminBreachCreateRequest, { defaultValues: { title: '', what_happened: '' } });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">Record a breach</h2>
        <p className="small text-body-secondary">
          Record it as soon as you know: the detailed report to the Data Protection Board is due 72 hours from now.
        </p>
        <form
          noValidate
          aria-label="Record a breach"
          onSubmit={handleSubmit(async (breach) => {
            await record.mutateAsync(breach).then(
              (answer) => navigate(privacyPaths.breach(answer.data.id)),
              (error: unknown) => showServerErrors(error, setError),
            );
          })}
        >
          <TextField
            id={`${id}-title`}
            label="What it is, in a few words"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextareaField
            id={`${id}-what`}
            label="What happened"
            help="When it happened, when you found out, how, and which data it touched."
            rows={4}
            error={errors.what_happened?.message}
            {...register('what_happened')}
          />
          {errors.root?.server && <Alert variant="danger">{errors.root.server.message}</Alert>}
          <Button type="submit" variant="danger" disabled={isSubmitting}>
            {isSubmitting ? 'Recording…' : 'Record the breach'}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
