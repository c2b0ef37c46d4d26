import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { FieldSpec } from './fields';

/** A column of a resource's table. */
export interface Column<Item> {
  header: string;
  cell: (item: Item) => ReactNode;
  /** For narrow columns such as a thumbnail or a flag. */
  className?: string;
}

/** A filter of a resource's list: a select over one query parameter. */
export interface ListFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/** What the generic list screen needs to know about one resource of the admin API: its paths, words and table. */
export interface ListScreens<Item extends { id: number }> {
  /** The resource under /admin/api/ ("featured-sections"). */
  resource: string;
  /** The console's path of its list ("/featured-sections"). */
  path: string;
  /** The list's title ("Featured sections"). */
  title: string;
  /** One record in a sentence ("featured section"). */
  noun: string;
  /** How a record is named in titles and questions. */
  nameOf: (item: Item) => string;
  columns: Column<Item>[];
  filters?: ListFilter[];
  /** Filters whose options come from the API (a product's category); drawn after `filters`. */
  useFilters?: () => ListFilter[];
  /** False for what only the shop's visitors create (customers, messages): no "Add" button. */
  canCreate?: boolean;
  /** False for lists without a page per record (the audit log, newsletter subscribers). */
  linkRows?: boolean;
  /** A file of the whole list to download (the subscribers for a mailing service), or several (the products' formats). */
  download?: ListDownload | ListDownload[];
}

/** A file to download from the list's header: `query` is sent along (the file's format). */
export interface ListDownload {
  label: string;
  path: string;
  filename: () => string;
  query?: Record<string, string>;
}

/** A resource whose create and edit screens are the generic ones too: its form, described. */
export interface ResourceScreens<Item extends { id: number }> extends ListScreens<Item> {
  /** The form's controls; a hook, because some options (the categories) come from the API. */
  useFields: () => FieldSpec[];
  /** The contract's create schema; a change is checked with the same rules unless `updateSchema` is given. */
  schema: z.ZodType<Record<string, unknown>>;
  /** For a change whose rules differ (an admin's password may be left empty to keep it). */
  updateSchema?: z.ZodType<Record<string, unknown>>;
  /** What deleting does, said before the owner confirms. */
  deleteWarning?: string;
}
