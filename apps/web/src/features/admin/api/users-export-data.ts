import { downloadFile, timestampedFileName } from '@/components/ui/download';

/** GET /api/admin/users/:id/export: the same archive the applicant downloads, on their request (audited). */
export async function exportUserData(userId: string): Promise<string> {
  const fileName = timestampedFileName(`lanyard_user_data_${userId.slice(0, 8)}`, 'zip');
  await downloadFile(`/api/admin/users/${encodeURIComponent(userId)}/export`, fileName);
  return fileName;
}
