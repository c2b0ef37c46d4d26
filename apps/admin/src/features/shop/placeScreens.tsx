import { type AdminCity, AdminCreateCity, AdminCreateState, type AdminState } from '@kapaas/contract';
import type { FieldSpec } from '../../components/resource/fields';
import type { ResourceScreens } from '../../components/resource/screens';
import { useStateOptions } from '../../lib/choices';

const KINDS = [
  { value: 'state', label: 'State' },
  { value: 'union_territory', label: 'Union territory' },
];

const stateFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'kind', label: 'Kind', kind: 'select', options: KINDS, initial: 'state' },
  {
    name: 'gst_code',
    label: 'GST state code',
    kind: 'text',
    help: 'Two digits (27 Maharashtra, 07 Delhi): the place of supply on tax invoices.',
    empty: 'null',
  },
];

/** Where the shop delivers: the states and union territories of the address forms. */
export const stateScreens: ResourceScreens<AdminState> = {
  resource: 'states',
  path: '/states',
  title: 'States',
  noun: 'state',
  nameOf: (state) => state.name,
  columns: [
    { header: 'Name', cell: (state) => state.name },
    { header: 'Kind', cell: (state) => (state.kind === 'state' ? 'State' : 'Union territory') },
    { header: 'GST code', cell: (state) => state.gst_code ?? '—' },
  ],
  filters: [{ name: 'kind', label: 'Kind', options: KINDS }],
  useFields: () => stateFields,
  schema: AdminCreateState,
  deleteWarning: 'A state that has cities or saved addresses cannot be deleted.',
};

/** A state's name in a table cell, from the list the selects use. */
function StateName({ id }: { id: number }) {
  const states = useStateOptions();
  return <>{states.find((state) => state.value === id)?.label ?? `#${id}`}</>;
}

function useCityFields(): FieldSpec[] {
  const states = useStateOptions();
  return [
    { name: 'state_id', label: 'State', kind: 'select', options: states, numeric: true },
    { name: 'name', label: 'City', kind: 'text' },
  ];
}

/** The cities offered once a state is chosen in the address forms. */
export const cityScreens: ResourceScreens<AdminCity> = {
  resource: 'cities',
  path: '/cities',
  title: 'Cities',
  noun: 'city',
  nameOf: (city) => city.name,
  columns: [
    { header: 'City', cell: (city) => city.name },
    { header: 'State', cell: (city) => <StateName id={city.state_id} /> },
  ],
  useFilters: () => [
    {
      name: 'state_id',
      label: 'State',
      options: useStateOptions().map((state) => ({ value: String(state.value), label: state.label })),
    },
  ],
  useFields: useCityFields,
  schema: AdminCreateCity,
  deleteWarning: 'A city in saved addresses cannot be deleted.',
};
