import type { ReactNode } from 'react';
import type { FilterOption } from './FilterMenu';

export type FormValues = Record<string, string>;

export interface AccountField<V extends FormValues> {
  key: keyof V & string;
  label: string;
  type?: 'text' | 'number';
  inputProps?: Record<string, unknown>;
  /** When set, the field is a select of these values. */
  options?: readonly string[];
}

export interface AccountQuery {
  page: number;
  /** '' when no filter is applied. */
  filter: string;
  search: string;
  sort: boolean;
}

export interface AccountRow {
  id: number;
  name: string;
}

/** Everything that differs between the student and the teacher account screens. */
export interface AccountsConfig<T extends AccountRow, V extends FormValues> {
  title: string;
  /** 'Student' or 'Teacher'. */
  noun: string;
  searchPlaceholder: string;
  filterOptions: FilterOption[];
  sortLabel: string;
  addLabel: string;
  /** Title of the password dialog after a successful add. */
  addedTitle: string;
  columns: { label: string; render: (row: T) => ReactNode }[];
  fields: AccountField<V>[];
  emptyForm: V;
  toForm: (row: T) => V;
  list: (q: AccountQuery) => Promise<{ rows: T[]; totalPage: number }>;
  create: (values: V) => Promise<{ initial_password?: string }>;
  update: (id: number, values: V) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  resetPassword: (id: number) => Promise<{ initial_password: string }>;
}
