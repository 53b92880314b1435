import { useState } from 'react';
import { KeyRound, Plus, Sparkles, X } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { IconButton } from '@/components/ui/tooltip';
import { useGenerateAccessCode } from '../../api/settings-generate-access-code';
import { addAccessCode } from './settings-draft';

interface AccessCodesCardProps {
  codes: string[];
  onChange: (codes: string[]) => void;
  onGenerated: (code: string, savedCodes: string[]) => void;
}

export function AccessCodesCard({ codes, onChange, onGenerated }: AccessCodesCardProps) {
  const [input, setInput] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const generate = useGenerateAccessCode();

  const add = () => {
    const result = addAccessCode(codes, input);
    switch (result.outcome) {
      case 'added':
        onChange(result.codes);
        setInput('');
        setNotice(null);
        break;
      case 'duplicate':
        setInput('');
        setNotice(`${result.code} is already in the list.`);
        break;
      case 'invalid':
        setNotice(result.message);
        break;
      case 'empty':
        setNotice(null);
        break;
    }
  };

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: ({ code, codes: savedCodes }) => {
        onGenerated(code, savedCodes);
        toast.success('Success', { description: `Access code ${code} was generated and saved.` });
      },
      onError: () => toast.error('Error', { description: 'Failed to generate an access code.' }),
    });

  return (
    <Card aria-labelledby="settings-codes-title">
      <CardHeader className="pb-3">
        <CardTitle id="settings-codes-title" className="text-base">
          Special Access Codes
        </CardTitle>
        <CardDescription>
          Late applicants (or everyone, when a code is required for all) enter one of these codes to apply.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="new-access-code">New access code</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="new-access-code"
              value={input}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={notice ? 'new-access-code-notice' : undefined}
              className="font-mono uppercase sm:max-w-xs"
              onChange={(e) => {
                setInput(e.target.value.toUpperCase());
                setNotice(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" onClick={add}>
              <Plus aria-hidden="true" />
              Add
            </Button>
            <Button variant="ghost" onClick={onGenerate} disabled={generate.isPending}>
              {generate.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
              Generate
            </Button>
          </div>
          <p id="new-access-code-notice" className="min-h-5 text-sm text-slate-700" aria-live="polite">
            {notice}
          </p>
        </div>
        {codes.length === 0 ? (
          <p className="text-sm text-slate-600">No access codes yet.</p>
        ) : (
          <ul aria-label="Access codes" className="flex flex-wrap gap-2">
            {codes.map((code) => (
              <li
                key={code}
                className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 font-mono text-sm text-slate-900"
              >
                <KeyRound aria-hidden="true" className="size-3.5 text-slate-500" />
                <span>{code}</span>
                <IconButton
                  onClick={() => onChange(codes.filter((c) => c !== code))}
                  label={`Remove ${code}`}
                  className="size-auto rounded-full p-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-offset-1 [&_svg]:size-3.5"
                >
                  <X aria-hidden="true" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        {codes.length > 0 ? (
          <Alert tone="info" className="py-2">
            <AlertTitle className="sr-only">Note</AlertTitle>
            <AlertDescription className="mt-0">
              Added or removed codes take effect when you save. Generated codes are saved at once.
            </AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
