import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import { sessionQuery } from "#client/lib/session.ts";
import type { Me, UpdateProfileRequest } from "#shared/account/contracts.ts";

/**
 * PATCH /api/me: the new first name. The answer is the session itself, so it replaces the cached one at once;
 * `onSaved` lets the screen update what else shows the name (the dashboard's menus).
 */
export function useUpdateProfile(onSaved: (me: Me) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest): Promise<Me> =>
      unwrap(api.me.$patch({ json: body }), "Could not save your name. Please try again."),
    onSuccess: (me) => {
      queryClient.setQueryData(sessionQuery().queryKey, me);
      onSaved(me);
    },
  });
}
