import { useMutation } from '@tanstack/react-query';
import { checkinRecordSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';

/**
 * POST /api/checkin/scan: the record of the person whose QR code it is; 404 invalid_qr for a code
 * not ours, 409 not_attending for someone no longer a confirmed attendee.
 */
export function scanQr(token: string) {
  return api.post('/api/checkin/scan', { token }, { schema: checkinRecordSchema });
}

export function useScanQr() {
  return useMutation({ mutationFn: scanQr });
}
