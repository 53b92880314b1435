import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The applicant's e-mail in either form: the account's own, shown read-only. */
export function AccountEmailField({ email }: { email: string | undefined }) {
  return (
    <FormField id="email" label="Email" hint="From your account; it cannot be changed here.">
      {(ctl) => (
        <Input {...ctl} type="email" value={email ?? ''} readOnly className="bg-slate-100 text-slate-700" />
      )}
    </FormField>
  );
}
