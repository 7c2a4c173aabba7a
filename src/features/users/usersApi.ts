import type { DeskUserCreateInput, DeskUserResponse, DeskUsersResponse, DeskUserUpdateInput } from '../../../contract/api';
import type { DeskUser } from '../../../contract/entities';
import { api, LIST } from '../../app/api';

/** The owner's desk accounts (Usuarios). Every change is also news for the activity log. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeskUsers: build.query<DeskUsersResponse, void>({
      query: () => '/users',
      providesTags: (result) => [...(result?.users ?? []).map(({ id }) => ({ type: 'DeskUser' as const, id })), { type: 'DeskUser', id: LIST }],
    }),
    createDeskUser: build.mutation<DeskUser, DeskUserCreateInput>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      transformResponse: (response: DeskUserResponse) => response.user,
      invalidatesTags: [{ type: 'DeskUser', id: LIST }, 'Activity'],
    }),
    updateDeskUser: build.mutation<DeskUser, { id: number; changes: DeskUserUpdateInput }>({
      query: ({ id, changes }) => ({ url: `/users/${id}`, method: 'PUT', body: changes }),
      transformResponse: (response: DeskUserResponse) => response.user,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'DeskUser', id }, 'Activity'],
    }),
    deleteDeskUser: build.mutation<void, number>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'DeskUser', id }, { type: 'DeskUser', id: LIST }, 'Activity'],
    }),
  }),
});

export const { useGetDeskUsersQuery, useCreateDeskUserMutation, useUpdateDeskUserMutation, useDeleteDeskUserMutation } = usersApi;

/** What PUT /users/:id needs to keep a user as they are, plus the change. */
export function unchangedFields(user: DeskUser): DeskUserUpdateInput {
  return { first_name: user.first_name, last_name: user.last_name, email: user.email, role: user.role as DeskUserUpdateInput['role'], is_active: user.is_active };
}
