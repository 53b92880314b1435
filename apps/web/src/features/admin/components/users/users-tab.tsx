import { useCallback, useEffect, useMemo, useState } from 'react';
import { Eye, RotateCcw, Search, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminUser } from '@lanyard/shared/admin';
import { USER_SEARCH_DEBOUNCE_MS } from '@lanyard/shared/constants';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { IconButton } from '@/components/ui/tooltip';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isClientError } from '@/lib/api-client';
import { useDeleteUser } from '../../api/users-delete';
import type { UserRoleFilter, UserStatusFilter, UsersListParams } from '../../api/users-list';
import { useUsers } from '../../api/users-list';
import { useResetUserApplication } from '../../api/users-reset-application';
import { SponsorsCard } from '../sponsors/sponsors-card';
import { AddUserDialog } from './add-user-dialog';
import { ExportUserDataButton } from './export-user-data-button';
import { UserApplicationDialog } from './user-application-dialog';
import { UsersExportButton } from './users-export-button';
import {
  activeFilterCount,
  readUsersParams,
  ROLE_OPTIONS,
  STATUS_OPTIONS,
  userStatusView,
  writeUsersParams,
} from './users-filters';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';

export const LOAD_USERS_TOAST = 'Could not load users.';
export const LOAD_USERS_INLINE = 'Failed to fetch users.';

type PendingAction = { kind: 'delete' | 'reset'; user: AdminUser } | null;

/** Admin portal, users tab: search, filters, export, reset and delete. */
export function UsersTab() {
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const params = useMemo(() => readUsersParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<UsersListParams>) =>
      setSearchParams((prev) => writeUsersParams(prev, { ...readUsersParams(prev), ...patch }), {
        replace: true,
      }),
    [setSearchParams],
  );

  // The search box answers at once; the list reloads 300 ms after the last keystroke.
  const [searchInput, setSearchInput] = useState(params.search);
  const [syncedSearch, setSyncedSearch] = useState(params.search);
  if (params.search !== syncedSearch) {
    // The URL changed (Clear All, back button, our own debounced write): follow it.
    setSyncedSearch(params.search);
    setSearchInput(params.search);
  }
  useEffect(() => {
    if (searchInput === params.search) return;
    const timer = window.setTimeout(() => update({ search: searchInput, page: 1 }), USER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, params.search, update]);

  const users = useUsers(params);
  const filterCount = activeFilterCount(params);

  useEffect(() => {
    if (users.isError) toast.error('Error', { description: LOAD_USERS_TOAST });
  }, [users.isError]);

  // A deletion can leave us past the last page: step back to it.
  const pages = users.data?.pages;
  useEffect(() => {
    if (pages !== undefined && params.page > pages) update({ page: pages });
  }, [pages, params.page, update]);

  const [pendingAction, setPendingAction] = useState<PendingAction>(null);
  const [viewing, setViewing] = useState<{ id: string; email: string } | null>(null);
  const deleteUser = useDeleteUser();
  const resetApplication = useResetUserApplication();
  const actionPending = deleteUser.isPending || resetApplication.isPending;

  const confirmAction = () => {
    if (!pendingAction) return;
    const { kind, user } = pendingAction;
    const mutation = kind === 'delete' ? deleteUser : resetApplication;
    mutation.mutate(user._id, {
      onSuccess: () => {
        toast.success('Success', {
          description: kind === 'delete' ? 'User has been deleted.' : 'User application has been reset.',
        });
        setPendingAction(null);
      },
      onError: (err) => {
        const base = kind === 'delete' ? 'Failed to delete user.' : 'Failed to reset application.';
        // A refusal the admin can act on (e.g. "You cannot delete your own account.") is worth showing.
        toast.error('Error', { description: isClientError(err) ? `${base} ${err.message}` : base });
        setPendingAction(null);
      },
    });
  };

  const clearAll = () => {
    setSearchInput('');
    update({ search: '', role: [], status: [], page: 1 });
  };

  const list = users.data?.users ?? [];
  const total = users.data?.total ?? 0;

  return (
    <section aria-labelledby="users-tab-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="users-tab-title" className="text-xl font-semibold text-slate-900">
          User Management
        </h2>
        <div className="flex flex-wrap gap-2">
          <AddUserDialog />
          <UsersExportButton filters={params} />
        </div>
      </div>

      <Card className="flex flex-col gap-4 p-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="users-search">Search by email</Label>
          <div className="relative max-w-md">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="users-search"
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder="name@example.com"
              autoComplete="off"
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-col gap-4 md:flex-row md:gap-8">
          <FilterChips
            legend="Role"
            options={ROLE_OPTIONS}
            value={params.role}
            onChange={(role) => update({ role: role as UserRoleFilter[], page: 1 })}
          />
          <FilterChips
            legend="Application Status"
            options={STATUS_OPTIONS}
            value={params.status}
            onChange={(status) => update({ status: status as UserStatusFilter[], page: 1 })}
          />
        </div>
        {filterCount > 0 ? (
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-700" aria-live="polite">
              {filterCount === 1 ? '1 filter active' : `${filterCount} filters active`}
            </span>
            <Button variant="ghost" size="sm" onClick={clearAll}>
              <X aria-hidden="true" />
              Clear All
            </Button>
          </div>
        ) : null}
      </Card>

      {users.isError ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_USERS_INLINE}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      <Table aria-labelledby="users-tab-title" aria-busy={users.isFetching || undefined}>
        <THead>
          <Tr>
            <Th>Email</Th>
            <Th>Role</Th>
            <Th>Application Status</Th>
            <Th className="text-right">Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {users.isPending ? (
            <Tr>
              <Td colSpan={4} className="py-8 text-center">
                <span role="status" className="inline-flex items-center gap-2 text-slate-700">
                  <Spinner /> Loading users...
                </span>
              </Td>
            </Tr>
          ) : list.length === 0 ? (
            <Tr>
              <Td colSpan={4} className="py-8 text-center text-slate-600">
                {users.isError ? LOAD_USERS_INLINE : 'No users found.'}
              </Td>
            </Tr>
          ) : (
            list.map((user) => (
              <UserRow
                key={user._id}
                user={user}
                onDelete={() => setPendingAction({ kind: 'delete', user })}
                onReset={() => setPendingAction({ kind: 'reset', user })}
                onView={() =>
                  user.application_id ? setViewing({ id: user.application_id, email: user.email }) : undefined
                }
              />
            ))
          )}
        </TBody>
      </Table>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          Showing {list.length} of {total} users
        </p>
        <Pagination
          page={params.page}
          pages={users.data?.pages ?? 1}
          onPageChange={(page) => update({ page })}
          label="Users pages"
          className="sm:min-w-72"
        />
      </div>

      <TypedConfirmDialog
        open={pendingAction !== null}
        onOpenChange={(open) => (open ? undefined : setPendingAction(null))}
        title="Are you sure?"
        description={pendingAction ? <ActionDescription action={pendingAction} /> : null}
        actionLabel={pendingAction?.kind === 'reset' ? 'Reset Application' : 'Delete User'}
        destructive
        pending={actionPending}
        onConfirm={confirmAction}
      />
      <UserApplicationDialog
        applicationId={viewing?.id ?? null}
        email={viewing?.email ?? ''}
        onClose={() => setViewing(null)}
      />
      <SponsorsCard />
    </section>
  );
}

function ActionDescription({ action }: { action: NonNullable<PendingAction> }) {
  const email = <span className="font-semibold break-all text-slate-900">{action.user.email}</span>;
  return action.kind === 'delete' ? (
    <p>This will permanently delete the user {email} and their application. This action cannot be undone.</p>
  ) : (
    <p>
      This will reset the application of {email}, allowing them to submit a new application. Their current
      application will be deleted.
    </p>
  );
}

interface UserRowProps {
  user: AdminUser;
  onDelete: () => void;
  onReset: () => void;
  onView: () => void;
}

function UserRow({ user, onDelete, onReset, onView }: UserRowProps) {
  const status = userStatusView(user.application_status);
  const hasApplication = user.application_id !== null;
  return (
    <Tr>
      <Td className="max-w-80 min-w-52 font-medium break-all text-slate-900">{user.email}</Td>
      <Td className="capitalize">{user.role}</Td>
      <Td>
        <Badge tone={status.tone}>{status.label}</Badge>
      </Td>
      <Td>
        <div className="flex justify-end gap-1">
          {hasApplication ? (
            <IconButton className="size-9" onClick={onView} label={`View application of ${user.email}`}>
              <Eye aria-hidden="true" />
            </IconButton>
          ) : null}
          <ExportUserDataButton userId={user._id} email={user.email} />
          <IconButton
            className="size-9"
            onClick={onReset}
            disabled={!hasApplication}
            label={`Reset application of ${user.email}`}
          >
            <RotateCcw aria-hidden="true" />
          </IconButton>
          <IconButton
            className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={onDelete}
            label={`Delete ${user.email}`}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      </Td>
    </Tr>
  );
}
