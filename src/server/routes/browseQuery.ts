/** Query-string helpers shared by the browsing routes: lists, pagination, SQL parameters. */
import * as yup from 'yup';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import type { PaginationMeta } from '../../shared/types';
import type { Param } from '../db/db';

export const PER_PAGE_DEFAULT = 12;
export const PER_PAGE_MAX = 50;
/** Deep pages cost OFFSET scans and nobody reads them; a sane upper bound. */
export const PAGE_MAX = 10_000;

export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * A list parameter in any of the forms links use: `a=x&a=y`, `a[]=x&a[]=y`, `a=x,y`. Empty items
 * are dropped, duplicates kept once, order kept.
 */
export function listParam(query: RawQuery, name: string): string[] {
  const values = [query[name], query[`${name}[]`]].flatMap((v) =>
    v === undefined ? [] : Array.isArray(v) ? v : [v],
  );
  const items = values.flatMap((v) => v.split(',')).map((v) => v.trim());
  return [...new Set(items.filter((v) => v !== ''))];
}

/** A scalar parameter: the last one wins when repeated (like PHP); '' counts as absent. */
export function scalarParam(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === undefined || last.trim() === '' ? undefined : last.trim();
}

/** An optional whole number from the query string: '1.5', '1e3' and 'abc' are refused. */
export const intParam = (
  min: number,
  max: number,
  messages: { min: { id: string }; max: { id: string } } = { min: m.min, max: m.max },
) =>
  yup
    .number()
    .transform((_value: unknown, original: unknown) =>
      typeof original === 'string' && /^-?\d{1,9}$/.test(original.trim())
        ? Number(original)
        : typeof original === 'number'
          ? original
          : Number.NaN,
    )
    .typeError(ref(m.integer))
    .integer(ref(m.integer))
    .min(min, ref(messages.min, { min }))
    .max(max, ref(messages.max, { max }))
    .optional();

export const paginationSchema = {
  page: intParam(1, PAGE_MAX).default(1),
  per_page: intParam(1, PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
};

export function paginationMeta(page: number, perPage: number, total: number): PaginationMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/** Collects positional parameters for hand-built SQL: `p(value)` returns '$n'. */
export function sqlParams(): { params: Param[]; p: (value: Param) => string } {
  const params: Param[] = [];
  return {
    params,
    p: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** 'YYYY-MM-DDTHH:mm:ss' of the server's local time: due dates are local, as the seed writes them. */
export function localNow(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`
  );
}

export const iso = (value: Date | string): string => new Date(value).toISOString();
export const numOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);
