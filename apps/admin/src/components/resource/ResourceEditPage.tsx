import { useNavigate, useParams } from 'react-router';
import { useDeleteResource, useResourceItem, useSaveResource } from '../../lib/resource';
import { ConfirmButton } from '../ConfirmButton';
import { LoadingState } from '../feedback/LoadingState';
import { QueryErrorAlert } from '../feedback/QueryErrorAlert';
import { PageHeader } from '../PageHeader';
import { ResourceForm } from './ResourceForm';
import type { ResourceScreens } from './screens';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Creates a record (at …/new) or changes and deletes one (at …/:id), then goes back to the list. */
export function ResourceEditPage<Item extends { id: number }>({ screens }: { screens: ResourceScreens<Item> }) {
  const { id: idParam } = useParams();
  const id = idParam === undefined || idParam === 'new' ? undefined : Number(idParam);
  return <ResourceEditor key={id ?? 'new'} screens={screens} id={id} />;
}

function ResourceEditor<Item extends { id: number }>({
  screens,
  id,
}: {
  screens: ResourceScreens<Item>;
  id: number | undefined;
}) {
  const fields = screens.useFields();
  const navigate = useNavigate();
  const existing = useResourceItem<Item>(screens.resource, id);
  const save = useSaveResource<Item, Record<string, unknown>>(screens.resource, id);
  const remove = useDeleteResource(screens.resource);
  const back = { to: screens.path, label: `All ${screens.title.toLowerCase()}` };
  const toList = (notice: string) => navigate(screens.path, { state: { notice } });

  if (id === undefined) {
    return (
      <>
        <PageHeader title={`New ${screens.noun}`} back={back} />
        <ResourceForm
          fields={fields}
          schema={screens.schema}
          submitLabel={`Create ${screens.noun}`}
          onCancel={() => navigate(screens.path)}
          onSave={async (body) => {
            const answer = await save.mutateAsync(body);
            toList(`${capitalised(screens.noun)} “${screens.nameOf(answer.data)}” created.`);
          }}
        />
      </>
    );
  }

  if (existing.isPending) return <LoadingState label={`Loading the ${screens.noun}`} />;
  if (existing.isError) return <QueryErrorAlert error={existing.error} onRetry={() => void existing.refetch()} />;
  const item = existing.data;
  const name = screens.nameOf(item);

  return (
    <>
      <PageHeader
        title={`${capitalised(screens.noun)}: ${name}`}
        back={back}
        actions={
          <ConfirmButton
            title={`Delete the ${screens.noun} “${name}”?`}
            body={screens.deleteWarning ?? 'It is removed from the shop. This cannot be undone.'}
            confirmLabel="Yes, delete"
            onConfirm={async () => {
              const answer = await remove.mutateAsync(item.id);
              toList(answer.message);
            }}
          >
            Delete
          </ConfirmButton>
        }
      />
      <ResourceForm
        key={item.id}
        fields={fields}
        schema={screens.updateSchema ?? screens.schema}
        item={item as unknown as Record<string, unknown>}
        submitLabel="Save changes"
        onCancel={() => navigate(screens.path)}
        onSave={async (body) => {
          await save.mutateAsync(body);
          toList(`${capitalised(screens.noun)} “${name}” saved.`);
        }}
      />
    </>
  );
}
