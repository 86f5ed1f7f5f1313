import { DELETE_ITEM_PHOTO, UPLOAD_ITEM_PHOTO, type CallBody, type TItem } from '@flohmarkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { standItemsQueryKey } from './items';
import { callWithAccess, type GuestAccess } from '@/lib/guest-access';

/*
 * An item's one photo (issue 35): uploaded with the stand photos' body (the same client-side checks
 * and shrinking, components/photos/read-photo.ts), replaced by the next upload, removed. The answer
 * is the item's photo path; the list is read again so every row shows it.
 */

export type TItemPhotoBody = CallBody<typeof UPLOAD_ITEM_PHOTO>;

export function useItemPhotoWrites(item: Pick<TItem, 'id' | 'standId'>, access: GuestAccess = {}) {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: standItemsQueryKey(item.standId) });
  const upload = useMutation({
    mutationFn: (body: TItemPhotoBody) => callWithAccess(UPLOAD_ITEM_PHOTO, { params: { id: item.id }, body }, access),
    onSuccess: settled,
  });
  const remove = useMutation({
    mutationFn: () => callWithAccess(DELETE_ITEM_PHOTO, { params: { id: item.id } }, access),
    onSuccess: settled,
  });
  return { upload, remove };
}
