import { ANSWER_CONFIRMATION, GET_CONFIRMATION, type TConfirmationAnswer } from '@flohmarkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callQueryKey } from '@/lib/api-call';

/*
 * The seller's "Bist du dabei?" link (issue 36): the token in the path stands for the stand, no sign-in.
 * Opening it only reads (a mail scanner that follows the link answers nothing); the answer is a press.
 */

export const confirmationQueryKey = (token: string) => callQueryKey(GET_CONFIRMATION, { params: { token } });

export function useConfirmation(token: string) {
  return useQuery({
    queryKey: confirmationQueryKey(token),
    queryFn: ({ signal }) => callApi(GET_CONFIRMATION, { params: { token }, signal }),
    retry: false,
  });
}

/** "ja" or "nein"; the page shows the stand as the server answers it afterwards. */
export function useAnswerConfirmation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: TConfirmationAnswer['answer']) => callApi(ANSWER_CONFIRMATION, { params: { token }, body: { answer } }),
    onSuccess: (answered) => queryClient.setQueryData(confirmationQueryKey(token), answered),
  });
}
