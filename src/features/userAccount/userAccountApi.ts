import type { PasswordChangeInput } from '../../../contract/api';
import { api } from '../../app/api';

/** The signed-in person's own account. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeOwnPassword: build.mutation<{ ok: true }, PasswordChangeInput>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
    }),
  }),
});

export const { useChangeOwnPasswordMutation } = accountApi;
