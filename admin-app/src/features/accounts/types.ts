import type { ReactNode } from 'react';
import type { UseQueryOptions } from '@tanstack/react-query';
import type { AccountWrites } from './api';
import type { FilterOption } from './components/FilterMenu';

export type FormValues = Record<string, string>;

export interface AccountField<V extends FormValues> {
  key: keyof V & string;
  /** Message key of the field's label. */
  label: string;
  type?: 'text' | 'number';
  inputProps?: Record<string, unknown>;
  /** When set, the field is a select of these values (a stored value outside them is still shown). */
  options?: readonly string[];
  /** When set, the field keeps free text but offers these values. */
  suggestions?: readonly string[];
  /** What is wrong with a non-empty value, as a sentence in the active language; checked before saving, so nothing is changed silently. */
  problem?: (value: string) => string | undefined;
}

export interface AccountQuery {
  page: number;
  /** '' when no filter is applied. */
  filter: string;
  search: string;
  sort: boolean;
}

/** The query key of one page of student or teacher accounts (../api.ts; ../../../lib/cache.ts names what they start with). */
export type AccountPageKey = readonly ['students' | 'teachers', 'page', AccountQuery];

/** One page of accounts as the table shows it. */
export interface AccountPage<T> {
  rows: T[];
  totalPage: number;
}

export interface AccountRow {
  id: number;
  name: string;
  /** false while the login is deactivated */
  active?: boolean;
}

/** New accounts that join classes (students): the grade the form's values name, if any. */
export interface Enrolment<V extends FormValues> {
  gradeOf: (values: V) => number | undefined;
}

export type AccountNoun = 'Student' | 'Teacher';

/** What the accounts page gives its table: the accessible name, the page's rows and each row's Action buttons. */
export interface AccountTableProps<T> {
  label: string;
  rows: T[];
  actions: (row: T) => ReactNode;
}

/** Everything that differs between the student and the teacher account screens. Texts are message keys. */
export interface AccountsConfig<T extends AccountRow, V extends FormValues, B = unknown> {
  title: string;
  noun: AccountNoun;
  searchPlaceholder: string;
  /** The filter's options, labelled in the active language. */
  filterOptions: () => FilterOption[];
  sortLabel: string;
  addLabel: string;
  /** Title of the password dialog after a successful add. */
  addedTitle: string;
  /** What the person signs in with ('NIS' or 'NIP', the same in every language), shown beside a one-time password. */
  loginLabel: string;
  loginOf: (row: T) => string;
  /** The list's table (the page passes each row's Action buttons). */
  table: (props: AccountTableProps<T>) => ReactNode;
  fields: AccountField<V>[];
  emptyForm: V;
  toForm: (row: T) => V;
  /** The read of one page of the list (a query of ../api.ts). */
  list: (q: AccountQuery) => UseQueryOptions<AccountPage<T>, Error, AccountPage<T>, AccountPageKey>;
  /** The body the server takes for the form's values. */
  toBody: (values: V) => B;
  /** The server calls of these accounts (../api.ts), sent through the page's mutations. */
  writes: AccountWrites<T, B>;
  enrolment?: Enrolment<V>;
}
