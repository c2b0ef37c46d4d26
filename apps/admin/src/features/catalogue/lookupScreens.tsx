import { AdminCreateNamed, AdminCreateSize, type AdminNamed, type AdminSize } from '@kapaas/contract';
import type { FieldSpec } from '../../components/resource/fields';
import type { ResourceScreens } from '../../components/resource/screens';

/*
 * The storefront's filter choices: the sizes a product is sold in, its print (the API's
 * "patterns") and who it is for (genders). Each is only a name; a size also has a position.
 */

const sizeFields: FieldSpec[] = [
  { name: 'label', label: 'Size', kind: 'text', help: 'As shoppers read it, e.g. "0-3 M" or "2-3 Y".' },
  { name: 'sort_order', label: 'Position', kind: 'number', help: 'Lower numbers come first.', initial: '0' },
];

export const sizeScreens: ResourceScreens<AdminSize> = {
  resource: 'sizes',
  path: '/sizes',
  title: 'Sizes',
  noun: 'size',
  nameOf: (size) => size.label,
  columns: [
    { header: 'Size', cell: (size) => size.label },
    { header: 'Position', cell: (size) => size.sort_order },
  ],
  useFields: () => sizeFields,
  schema: AdminCreateSize,
  deleteWarning: 'A size that products are sold in cannot be deleted.',
};

const nameField = (label: string): FieldSpec[] => [{ name: 'name', label, kind: 'text' }];

export const patternScreens: ResourceScreens<AdminNamed> = {
  resource: 'patterns',
  path: '/patterns',
  title: 'Prints',
  noun: 'print',
  nameOf: (pattern) => pattern.name,
  columns: [{ header: 'Print', cell: (pattern) => pattern.name }],
  useFields: () => nameField('Print'),
  schema: AdminCreateNamed,
  deleteWarning: 'A print that products carry cannot be deleted.',
};

export const genderScreens: ResourceScreens<AdminNamed> = {
  resource: 'genders',
  path: '/genders',
  title: 'Genders',
  noun: 'gender',
  nameOf: (gender) => gender.name,
  columns: [{ header: 'Gender', cell: (gender) => gender.name }],
  useFields: () => nameField('Gender'),
  schema: AdminCreateNamed,
  deleteWarning: 'A gender that products carry cannot be deleted.',
};
