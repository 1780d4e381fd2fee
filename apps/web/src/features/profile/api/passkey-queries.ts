import { passkeysEndpoints } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

const PASSKEYS_KEY = ['my-passkeys'] as const;

/** My passkeys (Profile → Security, decision 0050). */
export const myPasskeysQuery = () => queryOptions({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => apiCall(passkeysEndpoints.listMyPasskeys, { signal }) });

function usePasskeysMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }) });
}

/** A new passkey: the server's options, the browser's ceremony (SimpleWebAuthn, loaded now), and its name. */
export const useAddPasskey = () =>
  usePasskeysMutation(async (name: string) => {
    const ceremony = await apiCall(passkeysEndpoints.startPasskeyRegistration);
    const { createPasskey } = await import('../../../shared/passkeys/ceremony');
    const credential = await createPasskey(ceremony);
    return apiCall(passkeysEndpoints.addPasskey, { body: { token: ceremony.token, name, credential } });
  });

export const useRemovePasskey = () => usePasskeysMutation((id: number) => apiCall(passkeysEndpoints.removePasskey, { params: { id } }));

export const useRenamePasskey = () =>
  usePasskeysMutation(({ id, name }: { id: number; name: string }) => apiCall(passkeysEndpoints.renamePasskey, { params: { id }, body: { name } }));
