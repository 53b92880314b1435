import { applicationsCountResponseSchema } from '@lanyard/shared/admin';
import { api } from '@/lib/api-client';
import { applicationsQuery, type ApplicationFilters } from '../lib/application-filters';

/**
 * The exact number of applications a filter matches. The list counts only so far ("10,000+");
 * "Select all N matching" needs the number the admin confirms and the bulk action checks.
 */
export async function countApplications(filters: ApplicationFilters): Promise<number> {
  const query = applicationsQuery(filters).toString();
  const { total } = await api.get(`/api/admin/applications/count?${query}`, {
    schema: applicationsCountResponseSchema,
  });
  return total;
}
