import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PlaceOrderInput {
  address: string;
  coupon: string;
  lines: { id: number; num: number }[];
}

/** `POST /api/order` as a form: uuid, coupon, items[i][id], items[i][num]; answers the order number. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ address, coupon, lines }: PlaceOrderInput) => {
      const form: Record<string, string | number> = { uuid: address, coupon: coupon.trim() };
      lines.forEach((line, i) => {
        form[`items[${i}][id]`] = line.id;
        form[`items[${i}][num]`] = line.num;
      });
      return apiRequest<string>('/api/order', { method: 'POST', form });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['cart'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
