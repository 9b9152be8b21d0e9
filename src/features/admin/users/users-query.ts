import { pageParam } from '../../../lib/page-param.ts';

export const USERS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 254;

export interface UsersQuery {
  /** Part of an e-mail address or a name (accents and case ignored); empty for everyone. */
  search: string;
  /** 1-based. */
  page: number;
}

export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  return {
    search: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    page: pageParam(params.get('page')),
  };
}

/** The query string of the list without its page number, for pagination links and redirects. */
export function usersQueryString(query: UsersQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** The address of a page of the list, the search kept. */
export function usersHref(query: UsersQuery, page = 1): string {
  const search = usersQueryString(query, page);
  return search ? `/admin/users?${search}` : '/admin/users';
}
