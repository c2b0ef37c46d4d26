import {
  type AdminCategory,
  AdminCreateCategory,
  AdminCreateSubcategory,
  type AdminSubcategory,
  RETURN_RULE_LABELS,
  RETURN_RULE_VALUES,
} from '@kapaas/contract';
import { ShownBadge, Thumb } from '../../components/cells';
import type { FieldSpec } from '../../components/resource/fields';
import type { ResourceScreens } from '../../components/resource/screens';
import { useCategoryOptions } from '../../lib/choices';

const shownFields: FieldSpec[] = [
  { name: 'sort_order', label: 'Position', kind: 'number', help: 'Lower numbers come first.', initial: '0' },
  { name: 'active', label: 'Show in the shop', kind: 'checkbox' },
];

const categoryFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'image', label: 'Picture', kind: 'image' },
  ...shownFields,
];

/** A category carries the HSN code of its products (ADR 032); subcategories do not. */
const categoryHsnField: FieldSpec = {
  name: 'hsn_code',
  label: 'HSN code',
  kind: 'text',
  empty: 'omit',
  help: 'Printed on the tax invoices of its products that have no code of their own: 6111 babies’ garments, knitted; 6209 woven; 6302 bed linen; 6301 blankets.',
};

/**
 * A category's return rule (ADR 058): the reason is shown to shoppers on the product page and the return form, and is
 * required unless the rule is returnable (the contract's check, shown beside the reason).
 */
const categoryReturnFields: FieldSpec[] = [
  {
    name: 'return_rule',
    label: 'Return rule',
    kind: 'select',
    options: RETURN_RULE_VALUES.map((value) => ({ value, label: RETURN_RULE_LABELS[value] })),
    initial: 'returnable',
    help: 'Exchange only: another size, no refund (e.g. newborn innerwear, for hygiene). Final sale: neither. Orders keep the rule they were bought under.',
  },
  {
    name: 'return_rule_reason',
    label: 'Why (shown to shoppers)',
    kind: 'textarea',
    help: 'For example: “Newborn innerwear is exchange only, for hygiene.” Needed unless the rule is Returnable.',
  },
];

const categoryFormFields: FieldSpec[] = [...categoryFields, categoryHsnField, ...categoryReturnFields];

export const categoryScreens: ResourceScreens<AdminCategory> = {
  resource: 'categories',
  path: '/categories',
  title: 'Categories',
  noun: 'category',
  nameOf: (category) => category.name,
  columns: [
    { header: 'Name', cell: (category) => category.name },
    { header: 'Picture', cell: (category) => <Thumb src={category.image} />, className: 'col-thumb' },
    { header: 'Position', cell: (category) => category.sort_order },
    { header: 'HSN', cell: (category) => category.hsn_code },
    { header: 'Returns', cell: (category) => RETURN_RULE_LABELS[category.return_rule] },
    { header: 'In the shop', cell: (category) => <ShownBadge active={category.active} /> },
  ],
  filters: [
    {
      name: 'active',
      label: 'Shown',
      options: [
        { value: 'true', label: 'Shown' },
        { value: 'false', label: 'Hidden' },
      ],
    },
  ],
  useFields: () => categoryFormFields,
  schema: AdminCreateCategory,
  deleteWarning: 'A category that still has subcategories or products cannot be deleted: hide it instead.',
};

function useSubcategoryFields(): FieldSpec[] {
  const categories = useCategoryOptions();
  return [
    { name: 'category_id', label: 'Category', kind: 'select', numeric: true, options: categories },
    ...categoryFields,
  ];
}

function CategoryName({ id }: { id: number }) {
  const categories = useCategoryOptions();
  return <>{categories.find((category) => category.value === id)?.label ?? `#${id}`}</>;
}

export const subcategoryScreens: ResourceScreens<AdminSubcategory> = {
  resource: 'subcategories',
  path: '/subcategories',
  title: 'Subcategories',
  noun: 'subcategory',
  nameOf: (subcategory) => subcategory.name,
  columns: [
    { header: 'Name', cell: (subcategory) => subcategory.name },
    { header: 'Category', cell: (subcategory) => <CategoryName id={subcategory.category_id} /> },
    { header: 'Picture', cell: (subcategory) => <Thumb src={subcategory.image} />, className: 'col-thumb' },
    { header: 'Position', cell: (subcategory) => subcategory.sort_order },
    { header: 'In the shop', cell: (subcategory) => <ShownBadge active={subcategory.active} /> },
  ],
  useFields: useSubcategoryFields,
  schema: AdminCreateSubcategory,
  deleteWarning: 'A subcategory that still has products cannot be deleted: hide it instead.',
};
