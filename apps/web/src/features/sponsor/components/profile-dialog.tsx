import { useState } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { downloadResume, useBookProfile } from '../api/book';

/**
 * A person's profile and resume. The preview is a signed link that lasts five minutes, opened in a
 * new tab (the server never lets our pages be framed, its own PDF responses included).
 */
export function ProfileDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const profile = useBookProfile(id);
  const [downloading, setDownloading] = useState(false);
  const entry = profile.data?.entry;
  const download = async () => {
    if (!id) return;
    setDownloading(true);
    try {
      await downloadResume(id);
    } catch (err) {
      toast.error('Error', { description: errorMessage(err, 'Could not download the resume.') });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{entry?.name ?? 'Profile'}</DialogTitle>
          <DialogDescription>
            {entry
              ? [entry.major, entry.school, entry.graduation_year && `Class of ${entry.graduation_year}`]
                  .filter(Boolean)
                  .join(' · ')
              : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {profile.isPending && id ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : profile.isError ? (
          <Alert tone="error">
            <AlertDescription>{errorMessage(profile.error, 'Could not open this profile.')}</AlertDescription>
          </Alert>
        ) : entry && !entry.has_resume ? (
          <p className="text-sm text-slate-700">No resume was uploaded.</p>
        ) : profile.data?.preview ? (
          <p className="text-sm text-slate-700">
            The resume opens in a new tab. Its link works for five minutes; open this profile again for a new
            one.
          </p>
        ) : null}
        <DialogFooter>
          {profile.data?.preview ? (
            <>
              <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
                {downloading ? <Spinner /> : <Download aria-hidden="true" />}
                Download
              </Button>
              <Button asChild>
                <a href={profile.data.preview.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open resume
                </a>
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
