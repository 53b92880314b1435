import { useMutation } from '@tanstack/react-query';
import { checkinRecordSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';

/** POST /api/checkin/scan: the record of the person whose QR code it is; 404 invalid_qr / no_record. */
export function scanQr(token: string) {
  return api.post('/api/checkin/scan', { token }, { schema: checkinRecordSchema });
}

export function useScanQr() {
  return useMutation({ mutationFn: scanQr });
}
